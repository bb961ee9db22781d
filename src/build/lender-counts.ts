// How many lenders each flow's marketplace has, read at build time from the same JSON
// the server's marketplace reads (issue 25: every claim about the number of lenders comes
// from the marketplace's data). Vite hands the figures to the pages as the constant
// `__LENDER_COUNTS__` (src/app/lender-count.ts), so the pages carry three numbers, not the
// catalogues. tools/start.mjs hashes these files among the pages' inputs.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
/** A catalogue flow's name (the engine knows flows only by name; issue 26). */
type Flow = string;

const marketplace = resolve(import.meta.dirname, '../server/marketplace');

/** Each market's data file and the list in it whose entries are its lenders. */
export const LENDER_FILES: Record<Flow, { file: string; list: string }> = {
  consumer: { file: 'lenders.json', list: 'lenders' },
  business: { file: 'business-lenders.json', list: 'lenders' },
  mortgage: { file: 'mortgage-banks.json', list: 'banks' },
};

export const lenderFilePaths = () => Object.values(LENDER_FILES).map(({ file }) => resolve(marketplace, file));

export function lenderCounts(): Record<Flow, number> {
  const count = ({ file, list }: { file: string; list: string }) => {
    const entries = (JSON.parse(readFileSync(resolve(marketplace, file), 'utf8')) as Record<string, unknown>)[list];
    if (!Array.isArray(entries) || entries.length === 0) throw new Error(`${file}: no ${list}`);
    return entries.length;
  };
  return { consumer: count(LENDER_FILES.consumer), business: count(LENDER_FILES.business), mortgage: count(LENDER_FILES.mortgage) };
}
