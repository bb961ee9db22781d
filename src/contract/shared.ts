// The wire's shared shapes (issue 26 item 2): JSON Schemas with an `$id`, referenced by the
// routes of routes.ts as `{ $ref: '<id>#' }`. The server registers them once (app.addSchema,
// and its own Ajv); OpenAPI lists them as components under the same names; types.ts derives
// the TypeScript types from them. Plain data, `as const`: the browser imports it as types only.
import { MORTGAGE_STATUSES } from './enums.ts';

/** Every refusal and fault: `type` always; `message` (Finnish) or, for a form, `errors` by field; the extras some refusals carry. */
export const ErrorBody = {
  $id: 'ErrorBody',
  type: 'object',
  properties: {
    type: { type: 'string' },
    message: { type: 'string' },
    /** A form's mistakes: field id → Finnish message (VALIDATION_ERROR). */
    errors: { type: 'object', additionalProperties: { type: 'string' } },
    /** Who has not identified yet (APPLICATION_STATE_MISMATCH, STRONG_AUTHENTICATION_MISSING). */
    parties: { type: 'array', items: { type: 'string' } },
    /** Fields the call does not take (UNKNOWN_FIELDS). */
    fields: { type: 'array', items: { type: 'string' } },
    unknownFields: { type: 'array', items: { type: 'string' } },
    /** 429: when to come back (also in Retry-After). */
    retryAfterSeconds: { type: 'integer' },
    /** OTP_INVALID: tries left with this code. */
    triesLeft: { type: 'integer' },
    /** SESSION_REQUIRED: the customer is not logged in. */
    authenticated: { type: 'boolean' },
  },
  required: ['type'],
  additionalProperties: false,
} as const;

/** One lender's offer as the offers lists show it (spec §7 "Offers"). */
export const Offer = {
  $id: 'Offer',
  type: 'object',
  properties: {
    id: { type: 'integer' },
    partnerCode: { type: 'string' },
    partnerName: { type: 'string' },
    amount: { type: 'number' },
    totalAmount: { type: 'number' },
    tenor: { type: 'number' },
    interest: { type: 'number' },
    apr: { type: 'number' },
    monthlyPayment: { type: 'number' },
    arrangementFee: { type: 'number' },
    monthlyFee: { type: 'number' },
    downsell: { type: 'boolean' },
    // A type list, not anyOf: fast-json-stringify picks an anyOf branch by running a validator on every value.
    additionalInfo: { type: ['string', 'null'], enum: ['FAST_TRACK', null] },
    lenderInfo: { type: 'string' },
    buttonText: { type: 'string' },
    logoUrl: { type: 'string' },
  },
  required: ['id', 'partnerCode', 'partnerName', 'amount', 'totalAmount', 'tenor', 'interest', 'apr', 'monthlyPayment', 'arrangementFee', 'monthlyFee', 'downsell', 'additionalInfo', 'lenderInfo', 'buttonText', 'logoUrl'],
  additionalProperties: false,
} as const;

/** A page of an application's offers, with how far the lenders have got (spec §7). */
export const OffersPage = {
  $id: 'OffersPage',
  type: 'object',
  properties: {
    content: { type: 'array', items: { $ref: 'Offer#' } },
    page: { type: 'integer' },
    size: { type: 'integer' },
    totalElements: { type: 'integer' },
    totalPages: { type: 'integer' },
    /** Lenders that have not answered yet. */
    pendingLenders: { type: 'integer' },
    /** Lenders the application was sent to; 0 before the dispatch. */
    totalLenders: { type: 'integer' },
    dispatched: { type: 'boolean' },
  },
  required: ['content', 'page', 'size', 'totalElements', 'totalPages', 'pendingLenders', 'totalLenders', 'dispatched'],
  additionalProperties: false,
} as const;

/** Where a mortgage application is (marketplace spec §7): the status call's whole answer, as text. */
export const MortgageStatus = {
  $id: 'MortgageStatus',
  type: 'string',
  enum: MORTGAGE_STATUSES,
} as const;

/** The mortgage's pages' details: the banks it went to, or why none took it (Finnish texts). */
export const MortgageOutcome = {
  $id: 'MortgageOutcome',
  type: 'object',
  properties: {
    status: { $ref: 'MortgageStatus#' },
    banks: { type: 'array', items: { type: 'string' } },
    reasons: { type: 'array', items: { type: 'string' } },
  },
  required: ['status', 'banks', 'reasons'],
  additionalProperties: false,
} as const;

/** The customer's contact details (marketplace spec §3 "User"). */
export const User = {
  $id: 'User',
  type: 'object',
  properties: {
    name: { type: 'string' },
    address: { type: 'string' },
    zip: { type: 'string' },
    city: { type: 'string' },
    phone: { type: 'string' },
    email: { type: 'string' },
    hasMarketingBan: { type: 'boolean' },
  },
  required: ['name', 'address', 'zip', 'city', 'phone', 'email', 'hasMarketingBan'],
  additionalProperties: false,
} as const;

/** Where the applicant came from (spec §3): sent with the first save, stored with the application. `source` on the wire is stored as `channelId`. */
export const Tracking = {
  $id: 'Tracking',
  type: 'object',
  properties: {
    browser: { type: 'string' },
    device: { type: 'string' },
    referrer: { type: 'string' },
    landingUrl: { type: 'string' },
    queryString: { type: 'string' },
    /** Spec §3: the channel, from the landing's `source` query parameter. */
    channelId: { type: 'string' },
    /** Analytics' data as the page has it (e.g. `{gclid}`). */
    gaData: { anyOf: [{ type: 'string' }, { type: 'object', properties: { gclid: { type: 'string' } } }] },
  },
  additionalProperties: false,
} as const;

/** Where an application's form stands: its step (0 is the offers list) and what the page remembers. */
export const Navigation = {
  $id: 'Navigation',
  type: 'object',
  properties: { step: { type: 'integer' }, hasCoApplicant: { type: 'boolean' } },
  additionalProperties: true,
} as const;

/**
 * A saved form handed back to resume it (with a code, or to its logged-in customer): the answers, where it stands, its product and brand,
 * and the form release it was started on (the page renders that one; null: an application from before releases, which follows the live form).
 */
export const SavedForm = {
  $id: 'SavedForm',
  type: 'object',
  properties: {
    additionalFormData: { $ref: 'Navigation#' },
    product: { type: 'string' },
    brand: { type: 'string' },
    formRelease: { type: ['string', 'null'], pattern: '^[0-9a-f]{64}$' },
  },
  required: ['additionalFormData', 'product', 'brand', 'formRelease'],
  // The answers are the form document's fields, which the document (not this contract) describes.
  additionalProperties: true,
} as const;

/** An application's credentials: what creating one answers (with the form release it was stamped with) and what every later call names. */
export const ApplicationCredentials = {
  $id: 'ApplicationCredentials',
  type: 'object',
  properties: { id: { type: 'integer' }, token: { type: 'string' }, formRelease: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
  required: ['id', 'token'],
  additionalProperties: false,
} as const;

/** Where the browser goes next (a lender's page, a product's prefill page). */
export const RedirectUrl = {
  $id: 'RedirectUrl',
  type: 'object',
  properties: { url: { type: 'string' } },
  required: ['url'],
  additionalProperties: false,
} as const;

/** One application in the customer area's overview (marketplace spec §3). */
export const ApplicationSummary = {
  $id: 'ApplicationSummary',
  type: 'object',
  properties: {
    applicationId: { type: 'integer' },
    applicationType: { type: 'string', enum: ['CONSUMER', 'COMBINE', 'MORTGAGE', 'BUSINESS'] },
    appliedAmount: { type: ['number', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    receivedOfferCount: { type: 'integer' },
    applicationState: { type: 'string', enum: ['CANCELLED', 'FINALIZED', 'SUBMITTED', 'DRAFT'] },
    /** Previous applications: sent within the last 30 days and not cancelled. */
    relevant: { type: 'boolean' },
    /** The latest application: the lenders that have not answered yet. */
    pendingOffers: {
      type: 'array',
      items: { type: 'object', properties: { partnerCode: { type: 'string' }, partnerName: { type: 'string' } }, required: ['partnerCode', 'partnerName'], additionalProperties: false },
    },
  },
  required: ['applicationId', 'applicationType', 'appliedAmount', 'createdAt', 'receivedOfferCount', 'applicationState'],
  additionalProperties: false,
} as const;

export const sharedSchemas = [ErrorBody, Offer, OffersPage, MortgageStatus, MortgageOutcome, User, Tracking, Navigation, SavedForm, ApplicationCredentials, RedirectUrl, ApplicationSummary] as const;
