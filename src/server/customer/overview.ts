// How the customer area describes a person's applications (marketplace spec §3 "Previous
// application and overview", "User"). Pure: the routes read the rows and the clock.
import type { Catalogue } from '../../../engine/core/catalogue.ts';
import type { ServerFlows } from '../../flows/server-registry.ts';
import type { PersonApplication } from '../applications/repository.ts';
import type { User } from '../../contract/types.ts';

export type ApplicationType = 'CONSUMER' | 'COMBINE' | 'MORTGAGE' | 'BUSINESS';
/**
 * - `CANCELLED`: the customer cancelled it (whatever it was before);
 * - `FINALIZED`: sent on (consumer: to the lenders after identification; mortgage: identified
 *   and pre-analysed; business: at once);
 * - `SUBMITTED`: a mortgage sent at its last step and waiting for identification;
 * - `DRAFT`: still being filled in.
 */
export type ApplicationState = 'CANCELLED' | 'FINALIZED' | 'SUBMITTED' | 'DRAFT';

/** An application counts as `relevant` this long after it was sent, unless cancelled. */
export const RELEVANT_FOR_MS = 30 * 24 * 60 * 60 * 1000;

/** The product's flow's kind (its `areaKind`); a flow without one is a consumer loan, or a combination by its variant. */
export function applicationType(catalogue: Catalogue, flows: Pick<ServerFlows, 'ofProduct'>, productId: string): ApplicationType {
  const product = Object.hasOwn(catalogue.products, productId) ? catalogue.products[productId] : undefined;
  const kind = flows.ofProduct(productId)?.areaKind;
  if (kind) return kind;
  if (productId === 'yhdistelylaina' || product?.variants.includes('yhdistelylaina')) return 'COMBINE';
  return 'CONSUMER';
}

export function applicationState(application: PersonApplication): ApplicationState {
  if (application.cancelledAt) return 'CANCELLED';
  if (application.status === 'finalized') return 'FINALIZED';
  if (application.submitted) return 'SUBMITTED';
  return 'DRAFT';
}

export function isRelevant(application: PersonApplication, now: number): boolean {
  return !application.cancelledAt && application.finalizedAt !== null && now - application.finalizedAt.getTime() <= RELEVANT_FOR_MS;
}

/**
 * The application the area's offers belong to: the newest one sent on and not cancelled; failing
 * that the newest not cancelled (a draft), failing that the newest. A draft started later and
 * left does not hide the offers of the one before. `applications` come newest first.
 */
export function latestOf(applications: readonly PersonApplication[]): PersonApplication | undefined {
  return (
    applications.find((application) => !application.cancelledAt && application.status === 'finalized') ??
    applications.find((application) => !application.cancelledAt) ??
    applications[0]
  );
}

/**
 * Whose details /api/user shows and changes and /haelainaa copies: the newest application the
 * bank confirmed the person for. A business application the customer proved (issue 24) holds
 * the company's contacts, not the person's details, so it never is.
 */
export function detailsSourceOf(applications: readonly PersonApplication[]): PersonApplication | undefined {
  return applications.find((application) => application.identified);
}

export function appliedAmountOf(data: Record<string, unknown>): number | null {
  for (const field of ['appliedAmount', 'inputAppliedAmount']) {
    const value = data[field];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

const string = (value: unknown) => (typeof value === 'string' ? value : '');


export function userOf(application: PersonApplication, hasMarketingBan: boolean): User {
  const { data } = application;
  return {
    name: [string(data.primaryApplicantFirstnames), string(data.primaryApplicantLastname)].filter(Boolean).join(' '),
    address: string(data.primaryApplicantAddress),
    zip: string(data.primaryApplicantZip),
    city: string(data.primaryApplicantCity),
    phone: string(data.primaryApplicantMobilephone),
    email: string(data.primaryApplicantEmail),
    hasMarketingBan,
  };
}

/** The stored data with the new contact details; a repeat field (phone and e-mail again) the document has keeps agreeing. */
export function withContactDetails(data: Record<string, unknown>, user: Omit<User, 'name' | 'hasMarketingBan'>): Record<string, unknown> {
  const next: Record<string, unknown> = {
    ...data,
    primaryApplicantAddress: user.address,
    primaryApplicantZip: user.zip,
    primaryApplicantCity: user.city,
    primaryApplicantMobilephone: user.phone,
    primaryApplicantEmail: user.email,
  };
  if ('primaryApplicantMobilephone2' in data) next.primaryApplicantMobilephone2 = user.phone;
  if ('primaryApplicantEmail2' in data) next.primaryApplicantEmail2 = user.email;
  return next;
}
