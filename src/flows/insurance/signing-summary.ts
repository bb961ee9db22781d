// What the development test bank shows as being signed (issue 27 item 6): the signed content
// of signed-content.ts in Finnish, its fields named as the insurance form names them
// (forms/insurance.json `labels`, the due date's option titles) and the rest from the message
// catalogue. Pure.
import type { FormDocument } from '../../../engine/core/types.ts';
import { insuranceSigningTexts as t } from '../../server/messages.ts';
import type { SigningSummary } from '../../server/identity/test-bank-page.ts';
import { insuranceTerms } from './signed-content.ts';
import type { StoredInsurance } from './repository.ts';

const euros = (amount: number, decimals: number) =>
  new Intl.NumberFormat('fi-FI', { style: 'currency', currency: 'EUR', minimumFractionDigits: decimals, maximumFractionDigits: 2 }).format(amount);

export function signingSummary(document: FormDocument, insurance: StoredInsurance): SigningSummary {
  const terms = insuranceTerms(insurance.id, insurance.data, insurance.termsVersion);
  const label = (field: string) => document.labels[field] ?? field;
  const dueOptions = (document.schema.properties.appliedDueDate?.oneOf ?? []) as Array<{ const?: unknown; title?: string }>;
  const dueDay = dueOptions.find((option) => option.const === terms.appliedDueDate)?.title ?? t.dueDay.replace('{day}', String(terms.appliedDueDate));
  return {
    title: t.title,
    signerLabel: t.insured,
    rows: [
      { label: t.applicationNumber, value: String(terms.insuranceApplicationId) },
      { label: label('paymentTier'), value: euros(terms.paymentTier, 0) },
      { label: label('monthlyPayment'), value: euros(terms.monthlyPayment, 2) },
      { label: label('appliedDueDate'), value: dueDay },
      ...(['assureAge', 'hasWorked', 'assureInformation'] as const).filter((field) => terms[field] === true).map((field) => ({ label: label(field), value: t.assured })),
      { label: t.termsVersion, value: terms.termsVersion },
    ],
  };
}
