// What /maksuturva decides without rendering (issue 27, marketplace spec §2 "Insurance
// page", §4 "Insurance"): which view the answer of GET /api/insuranceApplication shows, the
// monthly fee beside the slider (the price table of the document, the lookup the server
// derives its fee with), the answers an edit starts from, what the bank's return says, and
// which kept draft may fill the form again. Pure, so unit tests read the same answers.
import { insurancePremium } from '../../../custom-validators/insurance-premium.ts';
import type { Criterion } from '../../../engine/core/insurance-eligibility.ts';
import type { FormData, FormDocument } from '../../../engine/core/index.ts';
import type { InsuranceAnswer, InsuranceApplication } from './page-api.ts';

export type InsuranceView = 'notEligible' | 'form' | 'confirmation';

/**
 * An application, once made, is shown (signed or not) unless the customer is editing one not
 * yet signed; without one, a customer the service knows cannot be insured sees why.
 */
export function insuranceView(answer: InsuranceAnswer, editing: boolean): InsuranceView {
  const application = answer.insuranceApplication;
  if (application && !(editing && canEdit(answer))) return 'confirmation';
  if (answer.eligibility.status === 'notEligible') return 'notEligible';
  return 'form';
}

/** A signed application takes no change (the server refuses it); nor does one the customer may no longer apply with. */
export function canEdit(answer: InsuranceAnswer): boolean {
  const application = answer.insuranceApplication;
  return application !== null && application.applicationStatus !== 'SIGNED' && answer.eligibility.status !== 'notEligible';
}

/** The monthly fee of a tier at an age, by the document's table (`rules.derived.monthlyPayment` reads the same); null when it has none. */
export function monthlyPremium(document: Pick<FormDocument, 'constants'>, tier: unknown, age: unknown): number | null {
  return insurancePremium(tier, age, document.constants?.insurancePremiums);
}

/** The fields of the form the customer fills (the schema's, except the read-only ones the server sets). */
export function editableFields(document: Pick<FormDocument, 'schema'>): string[] {
  return Object.entries(document.schema.properties)
    .filter(([, schema]) => schema.readOnly !== true)
    .map(([field]) => field);
}

/** What the server knows of the person, on the form read-only: the age the fee is priced with and the name. */
export function personFields(answer: InsuranceAnswer): FormData {
  const person: FormData = { firstName: answer.firstName, lastName: answer.lastName };
  if (answer.age !== null) person.age = answer.age;
  return person;
}

/** The answers an edit of `application` starts from: what it holds of the form's fields, with the person's. */
export function formDataOf(document: Pick<FormDocument, 'schema'>, answer: InsuranceAnswer, application: InsuranceApplication | null): FormData {
  const data: FormData = {};
  if (application) for (const field of editableFields(document)) if (field in application) data[field] = (application as Record<string, unknown>)[field];
  return { ...data, ...personFields(answer) };
}

/** The draft kept in this tab, per brand and per application (`new` before one exists). */
export const draftScope = (brand: string, application: InsuranceApplication | null) => `${brand}:insurance:${application ? application.insuranceApplicationId : 'new'}`;

/**
 * A kept draft fills the form again only for the person it was typed by (a tab another
 * customer logs in to must not show the last one's address), with the server's read-only
 * values, never the draft's.
 */
export function restoredDraft(draft: FormData | null | undefined, answer: InsuranceAnswer): FormData | null {
  if (!draft) return null;
  const person = personFields(answer);
  if (draft.firstName !== person.firstName || draft.lastName !== person.lastName || (draft.age ?? null) !== (person.age ?? null)) return null;
  return { ...draft, ...person };
}

/** How the signing at the bank came back (`/maksuturva?allekirjoitus=<outcome>`). */
export const SIGNING_OUTCOMES = ['signed', 'cancelled', 'failed', 'mismatch', 'changed'] as const;
export type SigningOutcome = (typeof SIGNING_OUTCOMES)[number];
export const SIGNING_QUERY = 'allekirjoitus';

/** The outcome the address carries; null without one or with a value it does not know. */
export function signingOutcomeOf(search: string): SigningOutcome | null {
  const value = new URLSearchParams(search).get(SIGNING_QUERY);
  return (SIGNING_OUTCOMES as readonly string[]).includes(value ?? '') ? (value as SigningOutcome) : null;
}

/** The document text that words each criterion (forms/insurance.json `texts.eligibility*`), in the landing view's order. */
export const CRITERION_TEXT: Record<Criterion, string> = {
  age: 'eligibilityAge',
  residence: 'eligibilityResidence',
  work: 'eligibilityWork',
  notLaidOff: 'eligibilityNotLaidOff',
  healthy: 'eligibilityHealthy',
  noPaymentDefaults: 'eligibilityNoPaymentDefaults',
};

/** The texts of the criteria named (the reasons a customer cannot apply), those the document words. */
export function criterionTexts(texts: Readonly<Record<string, string>> | undefined, criteria: readonly string[]): string[] {
  return criteria.flatMap((criterion) => {
    const key = Object.hasOwn(CRITERION_TEXT, criterion) ? CRITERION_TEXT[criterion as Criterion] : undefined;
    const text = key ? texts?.[key] : undefined;
    return text ? [text] : [];
  });
}

/** The status words of the document (`texts.statusWaitingForSignature`, `texts.statusSigned`). */
export function statusText(texts: Readonly<Record<string, string>> | undefined, status: InsuranceApplication['applicationStatus']): string {
  return (status === 'SIGNED' ? texts?.statusSigned : texts?.statusWaitingForSignature) ?? status;
}

/** The title of a due day as the document's options word it ('Kuukauden 15. päivä'). */
export function dueDateTitle(document: Pick<FormDocument, 'schema'>, day: number): string {
  const oneOf = document.schema.properties.appliedDueDate?.oneOf;
  const options: unknown[] = Array.isArray(oneOf) ? oneOf : [];
  const option = options.find((entry) => typeof entry === 'object' && entry !== null && (entry as { const?: unknown }).const === day) as { title?: string } | undefined;
  return option?.title ?? String(day);
}
