// What a new application made from a logged-in customer's latest data carries over (issue 17,
// /haelainaa; marketplace spec §2, §7 "Customer area"). Pure: the route reads the source
// application, this decides what of it the new one gets, and the route stores that.
import type { ApplicationForm } from '../applications/products.ts';

/** The three cards of /haelainaa and the catalogue product each makes. */
export const PREFILL_PRODUCTS = { mortgage: 'asuntolaina', consumer: 'kulutusluotto', combine: 'yhdistelylaina' } as const;
export type PrefillKind = keyof typeof PREFILL_PRODUCTS;

export const isPrefillKind = (value: string): value is PrefillKind => Object.hasOwn(PREFILL_PRODUCTS, value);

/** Consents and declarations are given for each application anew (spec §5: the required consents). */
const CONSENT = /^(?:primaryApplicant|coApplicant)(?:AcceptTerms|PermissionLoanInfo|NotPep)$/;

/**
 * The co-applicant is another person: the primary applicant's login proves nothing about
 * them, so their identity code, income and loans stay in the application they were given for.
 */
const isCoApplicantField = (field: string) => field === 'hasCoApplicant' || field.startsWith('coApplicant');

/**
 * The loan applied for rather than the applicant: purpose, amount, tenor, which existing loans
 * it pays off, and the mortgage's financing and the home bought. Between applications of the
 * same document (a consumer loan and a consolidation loan, or two mortgages) they carry over,
 * as a starting point the customer changes (consumer flow §9: a prefilled amount and tenor);
 * a mortgage's 240 000 € is no consumer loan, so across documents they never do.
 */
export const LOAN_FIELDS: ReadonlySet<string> = new Set([
  'loanPurposeId',
  'inputAppliedAmount',
  'inputAppliedTenor',
  'appliedAmount',
  'appliedTenor',
  'useLoanForOtherLoans',
  'useLoanForCarboat',
  'useLoanForStudentLoan',
  'useLoanForOtherLoan',
  'ownFunding',
  'guaranteeId',
  'competeCurrentLoan',
  'hasInfoOnHousing',
  'apartmentPriceEstimate',
  'apartmentSize',
  'apartmentAddress',
  'apartmentZip',
  'apartmentCity',
  'apartmentDescription',
]);

/**
 * The loans section's fields the mortgage names differently (forms/mortgage.json
 * `include.loans.rename`; a unit test keeps the two equal): the consumer's name → the mortgage's.
 */
export const LOANS_SECTION_RENAMES: Readonly<Record<string, string>> = { HasCarboat: 'HasCarboatLoan', CarboatInput: 'CarBoatInput' };
const PARTIES = ['primaryApplicant', 'coApplicant'];

/** The field's name in the target document: its own, or the loans section's other name for it; none when the target has neither. */
function nameIn(field: string, fieldIds: ReadonlySet<string>): string | undefined {
  if (fieldIds.has(field)) return field;
  for (const party of PARTIES) {
    if (!field.startsWith(party)) continue;
    const rest = field.slice(party.length);
    for (const [consumer, mortgage] of Object.entries(LOANS_SECTION_RENAMES)) {
      const other = rest === consumer ? mortgage : rest === mortgage ? consumer : undefined;
      if (other !== undefined && fieldIds.has(party + other)) return party + other;
    }
  }
  return undefined;
}

export interface PrefillSource {
  /** The form document the source application was stored with. */
  document: string;
  data: Record<string, unknown>;
}

/**
 * The new application's data: the source's answers the target document knows (under its
 * names), without consents, the co-applicant, and (across documents) the loan. Then only what
 * the target form accepts as it stands: each answer the form finds invalid or hidden is dropped
 * (a save of no step, `uptoStep: 0`, validates nothing but keeps only the valid answers), so
 * what is stored satisfies the document as every stored application does, and the form's
 * defaults fill what is missing when the page opens.
 */
export function prefillData(source: PrefillSource, target: Pick<ApplicationForm, 'documentId' | 'fieldIds' | 'validateSubmission'>): Record<string, unknown> {
  const sameDocument = source.document === target.documentId;
  const copied: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(source.data)) {
    if (value === null || value === undefined) continue;
    if (CONSENT.test(field) || isCoApplicantField(field)) continue;
    if (LOAN_FIELDS.has(field) && !sameDocument) continue;
    const name = nameIn(field, target.fieldIds);
    if (name !== undefined) copied[name] = structuredClone(value);
  }
  return target.validateSubmission(copied, { uptoStep: 0 }).data;
}
