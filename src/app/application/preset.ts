// The answers a host page's preset object gives (spec §3: amount, tenor in years,
// first name, last name), written into whichever of the document's fields take them:
// the amount input, the term (in years, or in months as the business form keeps it,
// × 12, in the field's own type) and the primary applicant's names. Anything not a
// plain value of the right kind is left out; the form validates what is kept.
import type { FormData, FormDocument } from '../../../engine/core/index.ts';

const AMOUNT_FIELDS = ['inputAppliedAmount', 'appliedAmount'];
const has = (doc: FormDocument, field: string) => Object.hasOwn(doc.schema.properties, field);
const wholeNumber = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : typeof value === 'string' && /^\d{1,7}$/.test(value.trim()) ? Number(value) : undefined);
const name = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 100) : undefined);

/**
 * A new application starts at the document's start amount where it has one (§9: the
 * business 25 000, over the field's own default): a default, under a draft and a preset.
 */
export function startAnswers(doc: FormDocument): FormData {
  const start = doc.constants?.startAmount;
  const amountField = AMOUNT_FIELDS.find((field) => has(doc, field));
  return typeof start === 'number' && amountField ? { [amountField]: start } : {};
}

export function presetAnswers(doc: FormDocument, preset: Record<string, unknown> | undefined): FormData {
  const answers: FormData = {};
  if (!preset) return answers;
  const amount = wholeNumber(preset.amount);
  const amountField = AMOUNT_FIELDS.find((field) => has(doc, field));
  if (amount !== undefined && amountField) answers[amountField] = amount;
  const years = wholeNumber(preset.tenor);
  if (years !== undefined) {
    if (has(doc, 'inputAppliedTenor')) answers.inputAppliedTenor = years;
    else if (has(doc, 'appliedTenor')) answers.appliedTenor = doc.schema.properties.appliedTenor.type === 'string' ? String(years * 12) : years * 12;
  }
  const first = name(preset.firstname);
  const last = name(preset.lastname);
  if (first !== undefined && has(doc, 'primaryApplicantFirstnames')) answers.primaryApplicantFirstnames = first;
  if (last !== undefined && has(doc, 'primaryApplicantLastname')) answers.primaryApplicantLastname = last;
  return answers;
}
