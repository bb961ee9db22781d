// Query parameters of a landing (spec §2, §9): amount and tenor are taken only
// inside the ranges the document's constants give; `source` becomes the channel
// and `gclid` goes with the analytics data.
import type { FormData, FormDocument } from '../../../engine/core/index.ts';

interface Range {
  min: number;
  max: number;
}

export interface LandingParams {
  answers: FormData;
  source?: string;
  gclid?: string;
  id?: string;
  token?: string;
}

function within(raw: string | null, range: unknown): number | undefined {
  // Whole numbers written as digits only: '1e4' or '0x10' are not amounts anyone typed.
  if (raw === null || !/^\d{1,7}$/.test(raw.trim())) return undefined;
  const value = Number(raw);
  const { min, max } = (range ?? {}) as Partial<Range>;
  if (!Number.isInteger(value) || typeof min !== 'number' || typeof max !== 'number') return undefined;
  return value >= min && value <= max ? value : undefined;
}

function text(raw: string | null, maxLength = 200): string | undefined {
  const value = raw?.trim();
  return value ? value.slice(0, maxLength) : undefined;
}

export function readLandingParams(search: string, doc: FormDocument): LandingParams {
  const params = new URLSearchParams(search);
  const answers: FormData = {};
  const amount = within(params.get('amount'), doc.constants?.queryAmount);
  const tenor = within(params.get('tenor'), doc.constants?.queryTenorYears);
  if (amount !== undefined) answers.inputAppliedAmount = amount;
  if (tenor !== undefined) answers.inputAppliedTenor = tenor;
  return { answers, source: text(params.get('source')), gclid: text(params.get('gclid')), id: text(params.get('id')), token: text(params.get('token')) };
}
