// Query parameters of a landing (spec §2, §9): `amount` and `tenor` (in years) prefill
// whichever of the document's fields take them, as a host page's preset does
// (preset.ts: the amount input, the term in years or in months), but only inside the
// limits of the page's document, its variant's included (the second brand's minimum
// amount 2000 refuses ?amount=1000), and inside the document's query ranges where it
// gives them (`constants.queryAmount`, `constants.queryTenorYears`). `source` becomes
// the channel and `gclid` goes with the analytics data.
import type { FormData, FormDocument } from '../../../engine/core/index.ts';
import { presetAnswers } from './preset.ts';

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

/** Whole numbers written as digits only: '1e4' or '0x10' are not amounts anyone typed. */
function wholeNumber(raw: string | null): number | undefined {
  return raw !== null && /^\d{1,7}$/.test(raw.trim()) ? Number(raw) : undefined;
}

function inRange(value: number | undefined, range: unknown): number | undefined {
  if (value === undefined || range === undefined) return value;
  const { min, max } = range as Partial<Range>;
  if (typeof min !== 'number' || typeof max !== 'number') return undefined;
  return value >= min && value <= max ? value : undefined;
}

/** Whether the field's schema takes the value: its limits, and its options when it has a list. */
function fieldTakes(doc: FormDocument, field: string, value: unknown): boolean {
  const schema = doc.schema.properties[field] as { minimum?: unknown; maximum?: unknown; oneOf?: Array<{ const?: unknown }> } | undefined;
  if (!schema) return false;
  if (Array.isArray(schema.oneOf)) return schema.oneOf.some((option) => option.const === value);
  if (typeof value !== 'number') return false;
  if (typeof schema.minimum === 'number' && value < schema.minimum) return false;
  if (typeof schema.maximum === 'number' && value > schema.maximum) return false;
  return true;
}

function text(raw: string | null, maxLength = 200): string | undefined {
  const value = raw?.trim();
  return value ? value.slice(0, maxLength) : undefined;
}

/** The answers `?amount=&tenor=` give the document: each kept only where the field takes it. */
export function queryAnswers(params: URLSearchParams, doc: FormDocument): FormData {
  const amount = inRange(wholeNumber(params.get('amount')), doc.constants?.queryAmount);
  const tenor = inRange(wholeNumber(params.get('tenor')), doc.constants?.queryTenorYears);
  const answers: FormData = {};
  for (const [field, value] of Object.entries(presetAnswers(doc, { amount, tenor }))) if (fieldTakes(doc, field, value)) answers[field] = value;
  return answers;
}

export function readLandingParams(search: string, doc: FormDocument): LandingParams {
  const params = new URLSearchParams(search);
  return { answers: queryAnswers(params, doc), source: text(params.get('source')), gclid: text(params.get('gclid')), id: text(params.get('id')), token: text(params.get('token')) };
}
