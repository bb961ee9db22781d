// Every API route's schemas (issue 26 item 2), one entry per method and path: its path
// parameters, query, body and answer per status. The server attaches them at registration
// (src/server/contract-routes.ts: an /api route with no entry stops the server starting);
// Fastify validates requests and serializes answers with them; OpenAPI publishes them.
//
// Paths under an application API of the catalogue (forms/catalogue.json `api`, e.g.
// /api/lainavertailu22/consumer-applications) are written `{api}/…`: the same routes serve
// every product API of their kind.
//
// Bodies the form documents describe (the saves) are objects here: the document, not this
// contract, knows their fields. Request schemas describe what the handlers take; the handlers
// still give their own, more precise refusals (Finnish, per field) for what the schemas let by.
import { sharedSchemas } from './shared.ts';

const ref = <Id extends (typeof sharedSchemas)[number]['$id']>(id: Id) => ({ $ref: `${id}#` }) as const;

const errors = { '4xx': ref('ErrorBody'), '5xx': ref('ErrorBody') } as const;
const text = <const S extends object>(description: string, schema: S) => ({ description, content: { 'text/plain': { schema } } }) as const;
const credentialsPath = {
  type: 'object',
  properties: { id: { type: 'string', description: 'The application id (digits)' }, token: { type: 'string', description: 'The application token' } },
  required: ['id', 'token'],
} as const;
/** One insurance application as the customer sees it (marketplace spec §3 "Insurance application"). */
const insuranceApplication = {
  type: 'object',
  properties: {
    insuranceApplicationId: { type: 'integer' },
    applicationId: { type: ['integer', 'null'] },
    applicationStatus: { type: 'string', enum: ['WAITING_FOR_SIGNATURE', 'SIGNED'] },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    address: { type: 'string' },
    zip: { type: 'string' },
    city: { type: 'string' },
    age: { type: 'integer' },
    paymentTier: { type: 'integer' },
    monthlyPayment: { type: 'number' },
    appliedDueDate: { type: 'integer' },
    assureAge: { type: 'boolean' },
    hasWorked: { type: 'boolean' },
    assureInformation: { type: 'boolean' },
    /** The (simulated) insurer's answer once it has one, after signing (issue 27 item 7). */
    insurerAnswer: {
      oneOf: [
        { type: 'null' },
        {
          type: 'object',
          properties: { decision: { type: 'string', enum: ['ACCEPTED', 'DECLINED'] }, answeredAt: { type: 'string', format: 'date-time' } },
          required: ['decision', 'answeredAt'],
          additionalProperties: false,
        },
      ],
    },
  },
  required: ['insuranceApplicationId', 'applicationId', 'applicationStatus', 'firstName', 'lastName', 'email', 'phone', 'address', 'zip', 'city', 'age', 'paymentTier', 'monthlyPayment', 'appliedDueDate', 'assureAge', 'hasWorked', 'assureInformation', 'insurerAnswer'],
  additionalProperties: false,
} as const;
/** The insurance form, its read-only fields (ignored), the brand and the source loan application. */
const insuranceBody = {
  type: 'object',
  properties: {
    brand: { type: 'string' },
    applicationId: {},
    paymentTier: {}, appliedDueDate: {}, address: {}, zip: {}, city: {}, phone: {}, email: {},
    assureAge: {}, hasWorked: {}, assureInformation: {},
    age: {}, firstName: {}, lastName: {}, monthlyPayment: {},
  },
  required: ['brand'],
  additionalProperties: false,
} as const;
/** `page`, `size` and repeated `sort=field,dir` (spec §7); anything else is refused. */
const offersQuery = {
  type: 'object',
  properties: {
    page: { type: 'string', pattern: '^\\d{1,7}$' },
    size: { type: 'string', pattern: '^\\d{1,7}$' },
    sort: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, maxItems: 4 }] },
  },
  additionalProperties: false,
} as const;
/** The credentials in a body: an id (number or digits) and the token. */
const credentialsBody = {
  type: 'object',
  properties: { applicationId: { type: ['integer', 'string'] }, applicationToken: { type: 'string' } },
  required: ['applicationId', 'applicationToken'],
  additionalProperties: false,
} as const;
/** A save of a form: the document's fields, where the form stands, the variant and the tracking (spec §7). */
const saveBody = {
  type: 'object',
  properties: {
    additionalFormData: ref('Navigation'),
    product: { type: 'string' },
    brand: { type: 'string' },
    finalize: { type: ['integer', 'boolean'] },
    browser: { type: ['string', 'null'] },
    device: { type: ['string', 'null'] },
    referrer: { type: ['string', 'null'] },
    landingUrl: { type: ['string', 'null'] },
    queryString: { type: ['string', 'null'] },
    channelId: { type: ['string', 'null'] },
    source: { type: ['string', 'null'] },
    gaData: {},
  },
  additionalProperties: true,
} as const;
/** An id: a positive integer, or its digits. */
const id = { type: ['integer', 'string'] } as const;
const idsBody = <const K extends string>(keys: readonly K[]) =>
  ({
    type: 'object',
    properties: Object.fromEntries(keys.map((key) => [key, id])) as { [P in K]: typeof id },
    required: keys,
    additionalProperties: false,
  }) as const;


// Content versions (issue 29 item 8): staff only. An item key is one path segment, URL-encoded.
const itemParam = { type: 'string', minLength: 1, maxLength: 200, description: 'The item key, URL-encoded: document%3Aconsumer, section%3Ahousing, messages, catalogue, content%3Alegal%2Ftietosuoja' } as const;
const versionNumber = { type: 'string', pattern: '^[1-9][0-9]{0,8}$', description: 'The version number' } as const;
const itemPath = { type: 'object', properties: { item: itemParam }, required: ['item'], additionalProperties: false } as const;
const versionPath = { type: 'object', properties: { item: itemParam, number: versionNumber }, required: ['item', 'number'], additionalProperties: false } as const;
const versionState = { type: 'string', enum: ['draft', 'review', 'live', 'retired'] } as const;
const versionSummary = {
  type: 'object',
  properties: {
    item: { type: 'string' },
    number: { type: 'integer' },
    hash: { type: 'string', description: 'SHA-256 of the source with sorted keys' },
    author: { type: 'string', description: "The staff member's id as text, or 'repository' for an import from forms/" },
    createdAt: { type: 'string', format: 'date-time' },
    note: { type: 'string' },
    state: versionState,
    stateChangedAt: { type: 'string', format: 'date-time' },
    stateChangedBy: { type: 'string' },
    comment: { type: ['string', 'null'], description: 'The comment of its last submit or send-back: the editor\'s optional note to the approver, or why it was sent back' },
    basedOn: { type: ['integer', 'null'] },
    liveAt: { type: ['string', 'null'], format: 'date-time', description: 'When it went live, if ever' },
    revision: { type: 'integer', minimum: 1, description: "The draft's saves: 1 when made, one more at each autosave (PUT)" },
  },
  required: ['item', 'number', 'hash', 'author', 'createdAt', 'note', 'state', 'stateChangedAt', 'stateChangedBy', 'comment', 'basedOn', 'liveAt', 'revision'],
  additionalProperties: false,
} as const;
const versionAnswer = { type: 'object', properties: { version: versionSummary }, required: ['version'], additionalProperties: false } as const;
const finding = {
  type: 'object',
  properties: { path: { type: 'string' }, message: { type: 'string' }, section: { type: 'string' }, party: { type: 'string' } },
  required: ['path', 'message'],
  additionalProperties: false,
} as const;
/** A refusal with what the publish check (or the diff's resolving) found. */
const findingsError = {
  type: 'object',
  properties: { type: { type: 'string' }, message: { type: 'string' }, findings: { type: 'array', items: finding } },
  required: ['type', 'message'],
  additionalProperties: false,
} as const;
const formChange = {
  type: 'object',
  properties: {
    kind: { type: 'string' },
    text: { type: 'string', description: 'One Finnish sentence' },
    field: { type: 'string' },
    step: { type: 'string' },
    variant: { type: 'string' },
    document: { type: 'string', description: 'For a section item: the document the change shows in' },
    path: { type: 'string', description: "For the banners or a legal page (kind 'content'): the JSON path of the change, a banner by its id" },
  },
  required: ['kind', 'text'],
  additionalProperties: false,
} as const;
const auditRecord = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    staffId: { type: 'integer' },
    staffName: { type: 'string' },
    action: { type: 'string' },
    item: { type: ['string', 'null'] },
    version: { type: ['integer', 'null'] },
    detail: { type: 'object', additionalProperties: true },
  },
  required: ['id', 'at', 'staffId', 'staffName', 'action', 'item', 'version', 'detail'],
  additionalProperties: false,
} as const;
const digits = { type: 'string', pattern: '^[0-9]{1,9}$' } as const;
// The form studio (issue 30): one editor at a time per item (a lease of 2 minutes, renewed every 30 s).
const leaseHolder = { type: 'object', properties: { id: { type: 'integer', description: "The staff member's id" }, name: { type: 'string' } }, required: ['id', 'name'], additionalProperties: false } as const;
const lease = {
  type: 'object',
  properties: { holder: leaseHolder, expiresAt: { type: 'string', format: 'date-time', description: 'When it lapses unless renewed (the database clock)' } },
  required: ['holder', 'expiresAt'],
  additionalProperties: false,
} as const;
const leaseAnswer = { type: 'object', properties: { lease }, required: ['lease'], additionalProperties: false } as const;
/** 409: LEASE_HELD (another editor has it: lease), LEASE_NOT_HELD (nobody has it). */
const leaseConflict = {
  type: 'object',
  properties: { type: { type: 'string', enum: ['LEASE_HELD', 'LEASE_NOT_HELD'] }, message: { type: 'string' }, lease },
  required: ['type', 'message'],
  additionalProperties: false,
} as const;
/** 409 of an autosave: LEASE_HELD (holder), LEASE_NOT_HELD, REVISION_CONFLICT (the stored revision), VERSION_STATE_CONFLICT (not a draft). */
const saveConflict = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['LEASE_HELD', 'LEASE_NOT_HELD', 'REVISION_CONFLICT', 'VERSION_STATE_CONFLICT'] },
    message: { type: 'string' },
    holder: leaseHolder,
    revision: { type: 'integer', description: "REVISION_CONFLICT: the draft's current revision" },
  },
  required: ['type', 'message'],
  additionalProperties: false,
} as const;
/** Authors and state-changers are staff ids as text: their names, for showing. */
const staffNames = { type: 'object', additionalProperties: { type: 'string' }, description: "Staff id (as text) → the member's name, for every author and state-changer in the answer" } as const;

export const contract = {
  'GET /api/health': {
    summary: 'Liveness and the database round trip',
    response: {
      200: { type: 'object', properties: { status: { const: 'ok' }, database: { type: 'object', properties: { status: { const: 'ok' }, kind: { type: 'string' }, latencyMs: { type: 'number' } }, required: ['status', 'kind', 'latencyMs'], additionalProperties: false } }, required: ['status', 'database'], additionalProperties: false },
      503: { type: 'object', properties: { status: { const: 'error' }, database: { type: 'object', properties: { status: { const: 'error' }, kind: { type: 'string' } }, required: ['status', 'kind'], additionalProperties: false } }, required: ['status', 'database'], additionalProperties: false },
      ...errors,
    },
  },
  'GET /api/postal-codes/:zip': {
    summary: 'The town of a Finnish postal code',
    params: { type: 'object', properties: { zip: { type: 'string' } }, required: ['zip'] },
    response: { 200: { type: 'object', properties: { postalCode: { type: 'string' }, town: { type: 'string' } }, required: ['postalCode', 'town'], additionalProperties: false }, ...errors },
  },
  'GET /api/forms/live': {
    summary: 'The live release (content hash) of every form document: new applications are checked with it, and a page whose build carries another loads its module from /forms/<release>/',
    response: {
      200: {
        type: 'object',
        properties: { releases: { type: 'object', additionalProperties: { type: 'string', pattern: '^[0-9a-f]{64}$' } } },
        required: ['releases'],
        additionalProperties: false,
      },
      ...errors,
    },
  },
  'GET /api/site-banners': {
    summary: "The site banners a page of the request's brand shows now (forms/content/banners.json)",
    querystring: { type: 'object', properties: { page: { type: 'string', maxLength: 200 } }, additionalProperties: false },
    response: {
      200: {
        type: 'object',
        properties: {
          banners: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                text: { type: 'string' },
                link: { type: 'object', properties: { text: { type: 'string' }, href: { type: 'string' } }, required: ['text', 'href'], additionalProperties: false },
                severity: { type: 'string', enum: ['info', 'warning', 'critical'] },
                start: { type: 'string', format: 'date-time' },
                end: { type: 'string', format: 'date-time' },
              },
              required: ['id', 'text', 'severity', 'start', 'end'],
              additionalProperties: false,
            },
          },
        },
        required: ['banners'],
        additionalProperties: false,
      },
      ...errors,
    },
  },

  'GET /api/content/pages/:name': {
    summary:
      "The live text of a legal page (forms/content/legal/<name>.json, or the version published in the studio, content:legal/<name>), for the page's loader; no-cache with an ETag (304 when If-None-Match has it); 404 for a name that is no page",
    params: { type: 'object', properties: { name: { type: 'string', maxLength: 100, description: 'The page (its address without /): tietosuojaseloste' } }, required: ['name'], additionalProperties: false },
    response: {
      200: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          updated: { type: 'string', description: 'YYYY-MM-DD' },
          version: { type: 'string' },
          notice: { type: 'string' },
          lead: { type: 'string' },
          sections: {
            type: 'array',
            items: {
              type: 'object',
              properties: { heading: { type: 'string' }, paragraphs: { type: 'array', items: { type: 'string' } }, items: { type: 'array', items: { type: 'string' } } },
              required: ['heading'],
              additionalProperties: false,
            },
          },
        },
        required: ['title', 'updated', 'version', 'sections'],
        additionalProperties: false,
      },
      ...errors,
    },
  },

  // The application API of a product (spec §7).
  'POST {api}/save': {
    summary: 'Create an application (the first save, leaving step 1)',
    body: saveBody,
    response: { 200: ref('ApplicationCredentials'), ...errors },
  },
  'POST {api}/save/:id/:token': {
    summary: 'Save (update) an application; at its last step, finalize it',
    params: credentialsPath,
    body: saveBody,
    response: { 200: text("'success'", { type: 'string', const: 'success' }), ...errors },
  },
  'POST {api}/finalize/:id/:token': {
    summary: 'Send a consumer application to the lenders (after every applicant identified); no body, or {}',
    params: credentialsPath,
    response: { 200: text("'success'", { type: 'string', const: 'success' }), ...errors },
  },
  'POST {api}/create': {
    summary: 'Create and send a business application at once',
    body: saveBody,
    response: { 200: ref('ApplicationCredentials'), ...errors },
  },
  'GET {api}/applied-amount/:id/:token': {
    summary: 'The amount a business application applied for',
    params: credentialsPath,
    response: { 200: { type: ['number', 'null'] }, ...errors },
  },
  'POST {api}/send-code': {
    summary: 'Send a one-time code to resume an application',
    body: {
      type: 'object',
      properties: { ...credentialsBody.properties, forceNewOtp: { type: 'boolean' }, domain: { type: ['string', 'null'] } },
      required: credentialsBody.required,
      additionalProperties: false,
    },
    response: {
      200: {
        type: 'object',
        properties: { sent: { type: 'boolean' }, channel: { type: 'string', enum: ['email', 'sms'] }, to: { type: 'string' }, resendAfterSeconds: { type: 'integer' } },
        required: ['sent', 'channel', 'to', 'resendAfterSeconds'],
        additionalProperties: false,
      },
      ...errors,
    },
  },
  'POST {api}/get/verify-with-otp': {
    summary: 'Check a one-time code; the saved form when right',
    body: { type: 'object', properties: { ...credentialsBody.properties, otp: { type: 'string' } }, required: [...credentialsBody.required, 'otp'], additionalProperties: false },
    response: { 200: ref('SavedForm'), ...errors },
  },
  'POST {api}/get/prefill': {
    summary: 'The saved form for its own logged-in customer, without a code',
    body: credentialsBody,
    response: { 200: ref('SavedForm'), ...errors },
  },
  'POST {api}/authentication/complete/:id/:token': {
    summary: 'Every applicant identified: send the application on; no body, or {}',
    params: credentialsPath,
    response: { 200: { type: 'object', properties: { status: { const: 'COMPLETED' } }, required: ['status'], additionalProperties: false }, ...errors },
  },
  'POST {api}/offers/:id/:token': {
    summary: 'Accept an offer: the lender page to go to',
    params: credentialsPath,
    body: idsBody(['offerId']),
    response: { 200: ref('RedirectUrl'), ...errors },
  },
  'GET {api}/offers/:id/:token': {
    summary: "A business application's offers, in the server's order",
    params: credentialsPath,
    querystring: offersQuery,
    response: { 200: ref('OffersPage'), ...errors },
  },
  'GET /api/lainavertailu22/offers/:id/:token': {
    summary: "A consumer application's offers (polled)",
    params: credentialsPath,
    querystring: offersQuery,
    response: { 200: ref('OffersPage'), ...errors },
  },

  // Mortgage (marketplace spec §7).
  'GET /api/mortgage-applications/status/:id/:token': {
    summary: "Where a mortgage application is, as text",
    params: credentialsPath,
    response: { 200: text('The status', ref('MortgageStatus')), ...errors },
  },
  'GET /api/mortgage-applications/outcome/:id/:token': {
    summary: 'The banks a mortgage went to, or why none took it',
    params: credentialsPath,
    response: { 200: ref('MortgageOutcome'), ...errors },
  },

  // Identification (spec §7).
  'GET /api/auth/visma/get-methods': {
    summary: 'The identification methods (banks) to choose from',
    response: {
      200: {
        type: 'object',
        properties: { methods: { type: 'array', items: { type: 'object', properties: { identifier: { type: 'string' }, image: { type: 'string' }, name: { type: 'string' } }, required: ['identifier', 'image', 'name'], additionalProperties: false } } },
        required: ['methods'],
        additionalProperties: false,
      },
      ...errors,
    },
  },
  'GET /api/auth/visma/status/:id/:token': {
    summary: "Whether the application's applicants have identified, as text",
    params: credentialsPath,
    response: { 200: text("'true' or 'false'", { type: 'string', enum: ['true', 'false'] }), ...errors },
  },
  'GET /api/auth/visma/:id/:token/:method': {
    summary: "Start identifying with a method: the provider's URL to go to, as text",
    params: { type: 'object', properties: { ...credentialsPath.properties, method: { type: 'string' } }, required: ['id', 'token', 'method'] },
    querystring: { type: 'object', properties: { party: { type: 'string', enum: ['PRIMARY', 'CO_APPLICANT'] } }, additionalProperties: false },
    response: { 200: text('The URL', { type: 'string' }), ...errors },
  },
  'POST /api/session/handoff': {
    summary: "A one-time code handing this browser's session from a partner's frame to the top window (identification, signing)",
    body: { type: 'object', properties: { path: { type: 'string', maxLength: 300 } }, required: ['path'], additionalProperties: false },
    response: { 200: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'], additionalProperties: false }, ...errors },
  },
  'GET /api/session/handoff/:code': {
    summary: 'Opened by the top window: a first-party session carrying the frame\'s, then a redirect to the page',
    params: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
    response: { 303: { description: 'To the page the frame named, or the start when the code is unknown, used or expired', type: 'null' }, ...errors },
  },
  'GET /api/auth/callback': {
    summary: "The identification provider's return: a redirect to the product's status page",
    querystring: { type: 'object', properties: { state: { type: 'string' }, code: { type: 'string' }, iss: { type: 'string' }, error: { type: 'string' }, error_description: { type: 'string' } }, additionalProperties: true },
    response: { 303: { description: 'To the status page', type: 'null' }, ...errors },
  },

  // Signing an insurance application at the bank (marketplace spec §7 "Insurance"; the logged-in customer's).
  'GET /api/auth/visma/status/:insuranceApplicationId': {
    summary: "Whether the customer's insurance application is signed, as text",
    params: { type: 'object', properties: { insuranceApplicationId: { type: 'string', description: 'The insurance application id (digits)' } }, required: ['insuranceApplicationId'] },
    response: { 200: text("'true' or 'false'", { type: 'string', enum: ['true', 'false'] }), ...errors },
  },
  'GET /api/auth/visma/:insuranceApplicationId/:method': {
    summary: "Start signing the customer's insurance application with a method: the provider's URL to go to, as text",
    params: {
      type: 'object',
      properties: { insuranceApplicationId: { type: 'string', description: 'The insurance application id (digits)' }, method: { type: 'string' } },
      required: ['insuranceApplicationId', 'method'],
    },
    response: { 200: text('The URL', { type: 'string' }), ...errors },
  },
  'GET /api/auth/sign/callback': {
    summary: "The identification provider's return from signing: a redirect to the insurance page with ?allekirjoitus=signed|cancelled|failed|mismatch|changed",
    querystring: { type: 'object', properties: { state: { type: 'string' }, code: { type: 'string' }, iss: { type: 'string' }, error: { type: 'string' }, error_description: { type: 'string' } }, additionalProperties: true },
    response: { 303: { description: 'To the insurance page', type: 'null' }, ...errors },
  },

  // The customer login and area (marketplace spec §3, §7).
  'POST /api/auth/login': {
    summary: 'Ask for a login code (mailed when the identity code and phone match a customer)',
    body: { type: 'object', properties: { loginSsn: { type: 'string' }, loginPhone: { type: 'string' } }, additionalProperties: false },
    response: { 200: { type: 'boolean' }, ...errors },
  },
  'POST /api/auth/verify': {
    summary: 'Check the login code (?otp=); no body',
    querystring: { type: 'object', properties: { otp: { type: 'string' } }, additionalProperties: false },
    response: { 200: { type: 'object', properties: { login: { type: 'string', enum: ['success', 'error', 'failed'] } }, required: ['login'], additionalProperties: false }, ...errors },
  },
  'GET /api/auth/check': {
    summary: 'Whether this browser is logged in (401 when not)',
    response: { 200: { type: 'object', properties: { authenticated: { const: true } }, required: ['authenticated'], additionalProperties: false }, ...errors },
  },
  'POST /api/auth/logout': {
    summary: 'Log out; no body, or {}',
    body: { type: 'object', additionalProperties: false },
    response: { 200: { type: 'object', properties: { loggedOut: { const: true } }, required: ['loggedOut'], additionalProperties: false }, ...errors },
  },
  'POST /api/auth/login/by-application-token': {
    summary: "Log in as an identified application's customer, from the browser that holds it",
    body: credentialsBody,
    response: { 200: { type: 'object', properties: { login: { const: 'success' } }, required: ['login'], additionalProperties: false }, ...errors },
  },
  'GET /api/applications': {
    summary: "The customer's applications: the latest and the previous ones",
    response: {
      200: {
        type: 'object',
        properties: { latestApplication: { anyOf: [{ allOf: [ref('ApplicationSummary'), { type: 'object', required: ['pendingOffers'] }] }, { type: 'null' }] }, previousApplications: { type: 'array', items: ref('ApplicationSummary') } },
        required: ['latestApplication', 'previousApplications'],
        additionalProperties: false,
      },
      ...errors,
    },
  },
  'GET /api/applications/latest-offers': {
    summary: "The offers of the customer's latest application",
    querystring: offersQuery,
    response: { 200: ref('OffersPage'), ...errors },
  },
  'GET /api/applications/:id/offers': {
    summary: "The offers of one of the customer's applications",
    params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    querystring: offersQuery,
    response: { 200: ref('OffersPage'), ...errors },
  },
  'POST /api/applications/accept': {
    summary: 'Accept an offer of one of the customer’s applications',
    body: idsBody(['applicationId', 'offerId']),
    response: { 200: ref('RedirectUrl'), ...errors },
  },
  'POST /api/applications/cancel': {
    summary: "Cancel one of the customer's applications",
    body: idsBody(['applicationId']),
    response: { 200: { type: 'object', properties: { cancelled: { const: true } }, required: ['cancelled'], additionalProperties: false }, ...errors },
  },
  'GET /api/applications/redirect/:kind': {
    summary: 'Where a new application of a kind, prefilled, starts',
    params: { type: 'object', properties: { kind: { type: 'string' } }, required: ['kind'] },
    response: { 200: ref('RedirectUrl'), ...errors },
  },
  'GET /api/applications/prefill/:kind': {
    summary: "A new application's answers, from the customer's latest identified one",
    params: { type: 'object', properties: { kind: { type: 'string' } }, required: ['kind'] },
    response: {
      200: { type: 'object', properties: { product: { type: 'string' }, brand: { type: 'string' }, data: { type: 'object', additionalProperties: true } }, required: ['product', 'brand', 'data'], additionalProperties: false },
      ...errors,
    },
  },
  'GET /api/user': {
    summary: "The customer's contact details",
    response: { 200: ref('User'), ...errors },
  },
  'POST /api/user': {
    summary: "Change the customer's contact details and marketing ban (name is read-only)",
    body: {
      type: 'object',
      properties: { name: {}, address: {}, zip: {}, city: {}, phone: {}, email: {}, hasMarketingBan: {} },
      additionalProperties: false,
    },
    response: { 200: ref('User'), ...errors },
  },
  'GET /api/insuranceApplication': {
    summary: "The customer's latest insurance application, age and eligibility",
    response: {
      200: {
        type: 'object',
        properties: {
          hasInsuranceApplication: { type: 'boolean' },
          age: { type: ['integer', 'null'] },
          firstName: { type: 'string' },
          lastName: { type: 'string' },
          eligibility: {
            type: 'object',
            properties: {
              status: { type: 'string', enum: ['eligible', 'notEligible', 'needsAssurance'] },
              reasons: { type: 'array', items: { type: 'string' } },
              assure: { type: 'array', items: { type: 'string' } },
            },
            required: ['status', 'reasons', 'assure'],
            additionalProperties: false,
          },
          insuranceApplication: { oneOf: [{ type: 'null' }, insuranceApplication] },
        },
        required: ['hasInsuranceApplication', 'age', 'firstName', 'lastName', 'eligibility', 'insuranceApplication'],
        additionalProperties: false,
      },
      ...errors,
    },
  },
  'POST /api/insuranceApplication/create': {
    summary: 'Apply for the insurance (age, names and fee are the server\'s)',
    body: insuranceBody,
    response: { 200: insuranceApplication, ...errors },
  },
  'POST /api/insuranceApplication/update/:insuranceApplicationId': {
    summary: "Change one of the customer's insurance applications not yet signed",
    params: { type: 'object', properties: { insuranceApplicationId: { type: 'string' } }, required: ['insuranceApplicationId'] },
    body: insuranceBody,
    response: { 200: insuranceApplication, ...errors },
  },
  'POST /api/marketing-ban/by-application-token': {
    summary: "Set the application's marketing ban (the code modal's link)",
    body: credentialsBody,
    response: { 200: { type: 'boolean', const: true }, ...errors },
  },

  // Staff login (issue 29 item 7): staff sign in at a provider of their own, apart from customers.
  'GET /api/staff/login': {
    summary: "Staff: a redirect to the staff provider's login (503 when staff login is not configured)",
    response: { 303: { description: "To the staff provider's authorization endpoint", type: 'null' }, ...errors },
  },
  'GET /api/staff/callback': {
    summary: "The staff provider's return: a staff session and a redirect to the studio, or 403 when the provider gave no role of ours",
    querystring: { type: 'object', properties: { state: { type: 'string' }, code: { type: 'string' }, iss: { type: 'string' }, error: { type: 'string' }, error_description: { type: 'string' } }, additionalProperties: true },
    response: { 303: { description: 'To the studio', type: 'null' }, ...errors },
  },
  'POST /api/staff/logout': {
    summary: 'Staff: log out; no body, or {}',
    body: { type: 'object', additionalProperties: false },
    response: { 200: { type: 'object', properties: { loggedOut: { const: true } }, required: ['loggedOut'], additionalProperties: false }, ...errors },
  },
  'GET /api/staff/me': {
    summary: 'Staff: who is logged in (401 when nobody)',
    response: {
      200: {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' }, roles: { type: 'array', items: { type: 'string', enum: ['editor', 'approver', 'admin'] } } },
        required: ['id', 'name', 'roles'],
        additionalProperties: false,
      },
      ...errors,
    },
  },

  // Content versions (issue 29 item 8): staff only (401 STAFF_LOGIN_REQUIRED, 403 STAFF_FORBIDDEN).
  'GET /api/content/items': {
    summary: 'Staff (any role): every content item with its live version, the drafts being worked on, its authors and who is editing it (lease)',
    response: {
      200: {
        type: 'object',
        properties: {
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                item: { type: 'string' },
                live: { type: ['integer', 'null'] },
                drafts: {
                  type: 'array',
                  items: { type: 'object', properties: { number: { type: 'integer' }, state: { type: 'string', enum: ['draft', 'review'] }, author: { type: 'string' } }, required: ['number', 'state', 'author'], additionalProperties: false },
                },
                authors: { type: 'array', items: { type: 'string' } },
                lease: { oneOf: [{ type: 'null' }, lease], description: 'Who is editing it in the studio now (null: nobody, or the lease lapsed)' },
              },
              required: ['item', 'live', 'drafts', 'authors', 'lease'],
              additionalProperties: false,
            },
          },
          staffNames,
        },
        required: ['items', 'staffNames'],
        additionalProperties: false,
      },
      ...errors,
    },
  },
  'GET /api/content/items/:item/versions': {
    summary: "Staff (any role): an item's versions without their content, newest first (404 for a key that names no item: neither in forms/ nor with a version)",
    params: itemPath,
    response: {
      200: { type: 'object', properties: { item: { type: 'string' }, versions: { type: 'array', items: versionSummary }, staffNames }, required: ['item', 'versions', 'staffNames'], additionalProperties: false },
      ...errors,
    },
  },
  'GET /api/content/items/:item/versions/:number': {
    summary: 'Staff (any role): one version with its content (source) and the publish check\'s verdict',
    params: versionPath,
    response: {
      200: {
        type: 'object',
        properties: { ...versionSummary.properties, source: { type: 'object', additionalProperties: true }, verdict: {} },
        required: [...versionSummary.required, 'source', 'verdict'],
        additionalProperties: false,
      },
      ...errors,
    },
  },
  'POST /api/content/items/:item/versions': {
    summary: 'Staff (editor, admin): a new draft of the item from the content given (201); bodies up to 1 MB',
    params: itemPath,
    body: {
      type: 'object',
      properties: { source: { type: 'object', description: 'The content as its file in forms/ has it' }, note: { type: 'string', maxLength: 1000, description: 'What the draft changes' } },
      required: ['source', 'note'],
      additionalProperties: false,
    },
    response: { 201: versionAnswer, ...errors },
  },
  'PUT /api/content/items/:item/versions/:number': {
    summary:
      "Staff (editor, admin): the studio's autosave of a draft: its content replaced (hash recomputed) and its revision one more; the note too when given. Only by its author (403 NOT_AUTHOR), while it is a draft (409 VERSION_STATE_CONFLICT), holding the item's lease (409 LEASE_HELD with the holder, LEASE_NOT_HELD), from the current revision (409 REVISION_CONFLICT with the current one); bodies up to 1 MB. No audit entry",
    params: versionPath,
    body: {
      type: 'object',
      properties: {
        source: { type: 'object', description: 'The content as its file in forms/ has it' },
        revision: { type: 'integer', minimum: 1, maximum: 2147483647, description: 'The revision this content was made from (the one last answered)' },
        note: { type: 'string', maxLength: 1000, description: 'What the draft changes' },
      },
      required: ['source', 'revision'],
      additionalProperties: false,
    },
    response: { 200: versionAnswer, 409: saveConflict, ...errors },
  },
  'POST /api/content/items/:item/lease': {
    summary: "Staff (editor, admin): take the item's studio lease (2 minutes) when it is free, lapsed or already yours (renewed); 409 LEASE_HELD with the holder's lease when another editor has it",
    params: itemPath,
    response: { 200: leaseAnswer, 409: leaseConflict, ...errors },
  },
  'DELETE /api/content/items/:item/lease': {
    summary: "Staff (editor, admin): give up your own lease of the item (204); 409 when it is not yours (LEASE_HELD: another's, LEASE_NOT_HELD: nobody's)",
    params: itemPath,
    response: { 204: { description: 'Released', type: 'null' }, 409: leaseConflict, ...errors },
  },
  'GET /api/content/preview/:item/:number/documents': {
    summary: "Staff (any role): the form documents a preview of the version can show: a document item's own, or every form that includes a section item (none for other items)",
    params: versionPath,
    response: { 200: { type: 'object', properties: { documents: { type: 'array', items: { type: 'string' } } }, required: ['documents'], additionalProperties: false }, ...errors },
  },
  'GET /api/content/preview/:item/:number/:document/:variants.js': {
    summary:
      "Staff (any role): the version previewed as an ES module like a published release's (/forms/<release>/<variants>.js): `document` resolved with this version's content in place of the item's live one, the rest live, and `createValidator`. variants: 'base' or variant names joined by '+' (undeclared ones do not apply). 404 a document the item is not in, 422 NOT_A_FORM when it does not resolve (findings). Not cached (no-store)",
    params: {
      type: 'object',
      properties: {
        ...versionPath.properties,
        document: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$', maxLength: 100, description: 'The form document shown' },
        variants: { type: 'string', maxLength: 200, description: "'base', or variant names joined by '+'" },
      },
      required: ['item', 'number', 'document', 'variants'],
      additionalProperties: false,
    },
    querystring: {
      type: 'object',
      properties: {
        revision: {
          type: 'string',
          pattern: '^[1-9][0-9]{0,9}$',
          description: "Ignored by the server: a browser keeps an imported module by its URL for the page's life, so the studio names the draft's revision to load a saved change anew",
        },
      },
      additionalProperties: false,
    },
    response: { 200: { description: 'The module', content: { 'text/javascript': { schema: { type: 'string' } } } }, 422: findingsError, ...errors },
  },
  'POST /api/content/items/:item/versions/:number/:action': {
    summary:
      'Staff: move a version on: submit (editor; an optional comment is kept as the note to the approver, none clears the kept comment), sendBack (approver; comment required), approve (approver, not their own draft; the publish check runs), rollback (approver; of a version once live: a new live version copying it), discard (its author or admin). 403 who may not, 409 not in this state, 422 the publish check found problems (findings)',
    params: {
      type: 'object',
      properties: { ...versionPath.properties, action: { type: 'string', enum: ['submit', 'sendBack', 'approve', 'rollback', 'discard'] } },
      required: ['item', 'number', 'action'],
      additionalProperties: false,
    },
    body: { type: 'object', properties: { comment: { type: 'string', maxLength: 2000 } }, additionalProperties: false },
    response: { 200: versionAnswer, 422: findingsError, ...errors },
  },
  'GET /api/content/items/:item/diff': {
    summary:
      "Staff (any role): the readable Finnish diff between two versions of a document, section, the shared messages, the banners or a legal page (from: the live version, to: the latest draft by default); a section's is shown in every document that includes it, the banners' and a page's text by text (kind 'content')",
    params: itemPath,
    querystring: { type: 'object', properties: { from: versionNumber, to: versionNumber }, additionalProperties: false },
    response: {
      200: {
        type: 'object',
        properties: {
          item: { type: 'string' },
          from: { type: 'integer' },
          to: { type: 'integer' },
          changes: { type: 'array', items: formChange },
          lines: { type: 'array', items: { type: 'string' } },
          documents: { type: 'array', items: { type: 'string' }, description: 'For a section item: the documents that include it' },
        },
        required: ['item', 'from', 'to', 'changes', 'lines'],
        additionalProperties: false,
      },
      422: findingsError,
      ...errors,
    },
  },
  'GET /api/content/audit': {
    summary: 'Staff (approver, admin): the staff audit log, newest first, filtered by every parameter given',
    querystring: {
      type: 'object',
      properties: { staffId: digits, action: { type: 'string', maxLength: 64 }, item: { type: 'string', maxLength: 200 }, version: digits, beforeId: digits, limit: { type: 'string', pattern: '^[0-9]{1,4}$' } },
      additionalProperties: false,
    },
    response: { 200: { type: 'object', properties: { entries: { type: 'array', items: auditRecord } }, required: ['entries'], additionalProperties: false }, ...errors },
  },

  // Development tools only (AppOptions.devTools).
  'GET /api/openapi.json': {
    summary: 'Development: this document (OpenAPI 3.1)',
    response: { 200: { type: 'object', additionalProperties: true }, ...errors },
  },
  'GET /api/dev/outbox': {
    summary: 'Development: the messages "sent", newest first',
    querystring: { type: 'object', properties: { to: { type: 'string' } }, additionalProperties: true },
    response: {
      200: {
        type: 'array',
        items: {
          type: 'object',
          properties: { channel: { type: 'string', enum: ['email', 'sms'] }, to: { type: 'string' }, subject: { type: 'string' }, text: { type: 'string' }, sentAt: { type: 'string' } },
          required: ['channel', 'to', 'text', 'sentAt'],
          additionalProperties: false,
        },
      },
      ...errors,
    },
  },
  'POST /api/dev/otp/expire': {
    summary: "Development: age an application's codes past their validity",
    body: credentialsBody,
    response: { 200: { type: 'object', properties: { expired: { const: true } }, required: ['expired'], additionalProperties: false }, ...errors },
  },
} as const;

export type RouteKey = keyof typeof contract;
export type RouteContract = (typeof contract)[RouteKey];
