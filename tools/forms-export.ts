// npm run forms:export -- <item> <version> [--out FILE]: one stored version of a form, resolved
// with the live sections as publishing would resolve it (a section's version: `--form ID`
// names the form to resolve it in), written as a flat document: the file every other tool
// takes (`npm run forms:check -- FILE`, `npm run form:validate -- FILE data.json`,
// `npm run qa:cases -- --file FILE`, `qa:mutate`, `tools/qa-verdict.ts`). Exit 1 when the
// version does not resolve cleanly (the findings are printed), 2 on bad arguments.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FORMS_DIR } from '../engine/core/node.ts';
import { readLiveSources } from '../src/server/versions/live-sources.ts';
import { readVersion } from '../src/server/versions/store.ts';
import { runWithContentDatabase } from './configured-database.ts';

const USAGE = 'Käyttö: npm run forms:export -- <document:ID | section:ID> <versio> [--form ID] [--out TIEDOSTO.json]';

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { out: { type: 'string' }, form: { type: 'string' } } });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const [item, numberText, ...extra] = parsed.positionals;
const number = Number(numberText);
const kind = item?.split(':')[0];
const form = kind === 'document' ? item.slice('document:'.length) : parsed.values.form;
if (extra.length || !Number.isInteger(number) || number < 1 || (kind !== 'document' && kind !== 'section') || !form) {
  console.error(USAGE);
  process.exit(2);
}
const out = parsed.values.out;

runWithContentDatabase(async (db) => {
  const version = await readVersion(db, item, number);
  if (!version) {
    console.error(`Versiota ${item} ${number} ei ole.`);
    return 1;
  }
  const checked = (await readLiveSources(db, FORMS_DIR)).resolve(form, new Map([[item, version.source]]));
  if (checked.findings.length) {
    for (const finding of checked.findings) console.error(`${item} ${number}${finding.section ? ` (osio ${finding.section})` : ''} ${finding.path}: ${finding.message}`);
    return 1;
  }
  const text = `${JSON.stringify(checked.document, null, 2)}\n`;
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
  return 0;
}, { withoutVersions: 1 });
