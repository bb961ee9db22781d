// The payment-protection insurance API of a logged-in customer (issue 27 item 5; marketplace
// spec §3 "Insurance application", §7 "Insurance"). The read-only fields are the server's
// (docs/decisions.md, insurance): `age` from the identity code of the person's latest
// identified loan application (the one the session's person key was made from), the names
// from the same application, the monthly fee from the price table; whatever the body says
// about them is ignored. An application needs that source application; a signed one takes
// no update; another person's id is the same 404 as an unknown one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { personalIdAge } from '../../../custom-validators/personal-id.ts';
import { eligibilityLimits, factsFromApplication, insuranceEligibility, type Eligibility } from '../../../engine/core/insurance-eligibility.ts';
import { ID_FORMAT } from '../../server/applications/credentials.ts';
import { isObject } from '../../server/applications/payload.ts';
import type { Products } from '../../server/applications/products.ts';
import { applicationsOfPerson, type PersonApplication } from '../../server/applications/repository.ts';
import { jsonNoStoreScope } from '../../server/applications/submission.ts';
import { detailsSourceOf } from '../../server/customer/overview.ts';
import { requireCustomer } from '../../server/customer/session.ts';
import type { Database } from '../../server/db/index.ts';
import { applicationNotFound, badRequest, ValidationError } from '../../server/errors.ts';
import { DEFAULT_SESSION_SETTINGS, type SessionSettings } from '../../server/sessions/sessions.ts';
import { insurerAnswerOf, type InsurerAnswer } from './insurer.ts';
import { notEligible, updateRefusal } from './refusals.ts';
import { createInsurance, findInsurance, latestInsurance, updateInsurance, type StoredInsurance } from './repository.ts';

export interface InsuranceRoutesOptions {
  db: Database;
  products: Products;
  now: () => number;
  sessions?: SessionSettings;
}

/** A dozen short fields: room for long addresses, not for a payload. */
const BODY_LIMIT = 4096;
const PERSONAL_ID = 'primaryApplicantPersonalIdentificationNumber';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What the service knows of the person: from their latest identified loan application. */
interface Person {
  source: PersonApplication | undefined;
  age: number | null;
  firstName: string;
  lastName: string;
}

export async function insuranceRoutes(app: FastifyInstance, options: InsuranceRoutesOptions): Promise<void> {
  const { db, products, now } = options;
  const settings = options.sessions ?? DEFAULT_SESSION_SETTINGS;
  const customer = (request: FastifyRequest) => requireCustomer(db, request, new Date(now()), settings);
  // The document the form validates with, so its fields, limits and terms are one folder's.
  const document = products.pageForm('insurance').document;
  const properties = Object.entries(document.schema.properties);
  /** Sent back as the page got them (read-only in the document); the server's own values replace them. */
  const readOnly = new Set(properties.filter(([, schema]) => schema.readOnly === true).map(([field]) => field));
  const formFields = new Set(properties.map(([field]) => field).filter((field) => !readOnly.has(field)));
  const limits = eligibilityLimits(document);
  const termsVersion = termsVersionOf(document.constants?.insuranceTermsVersion);
  const form = () => products.pageForm('insurance');

  jsonNoStoreScope(app);

  const personOf = (applications: readonly PersonApplication[]): Person => {
    const source = detailsSourceOf(applications);
    const data = source?.data ?? {};
    return { source, age: personalIdAge(data[PERSONAL_ID], new Date(now())), firstName: text(data.primaryApplicantFirstnames), lastName: text(data.primaryApplicantLastname) };
  };
  const eligibilityOf = (person: Person, assurances: Record<string, unknown> = {}): Eligibility =>
    insuranceEligibility(factsFromApplication(person.source?.data ?? null, person.age), limits, new Date(now()), {
      assureAge: assurances.assureAge === true,
      hasWorked: assurances.hasWorked === true,
      assureInformation: assurances.assureInformation === true,
    });

  app.get('', async (request) => {
    const personKey = await customer(request);
    const person = personOf(await applicationsOfPerson(db, personKey));
    const latest = await latestInsurance(db, personKey);
    const eligibility = eligibilityOf(person);
    return {
      hasInsuranceApplication: latest !== null,
      age: person.age,
      firstName: person.firstName,
      lastName: person.lastName,
      eligibility: { status: eligibility.status, reasons: eligibility.reasons, assure: eligibility.assure },
      insuranceApplication: latest && answerOf(latest, await insurerAnswerOf(db, latest.id)),
    };
  });

  /** The checked application: the source, the form's data with the server's read-only fields, the brand. */
  async function readApplication(personKey: Uint8Array, body: unknown) {
    const input = readBody(body);
    const applications = await applicationsOfPerson(db, personKey);
    const person = personOf(applications);
    // Without it the application would be lost to its owner when person keys change (decisions.md).
    if (!person.source) throw applicationNotFound();
    const applicationId = input.applicationId ?? person.source.id;
    if (!applications.some((application) => application.id === applicationId)) throw applicationNotFound();
    const eligibility = eligibilityOf(person, input.form);
    if (eligibility.status === 'notEligible') throw notEligible(eligibility.reasons);
    const checked = form().validate({ ...input.form, age: person.age ?? undefined, firstName: person.firstName || undefined, lastName: person.lastName || undefined });
    if (!checked.valid) throw new ValidationError(Object.fromEntries(checked.errors.map((error) => [error.field, error.message])));
    return { applicationId, brand: input.brand, data: checked.data, termsVersion };
  }

  app.post('/create', { bodyLimit: BODY_LIMIT }, async (request) => {
    const personKey = await customer(request);
    const input = await readApplication(personKey, request.body);
    const id = await createInsurance(db, personKey, input);
    request.log.info({ insuranceApplicationId: id }, 'insurance application created');
    return answerOf((await findInsurance(db, id, personKey))!, null);
  });

  app.post<{ Params: { insuranceApplicationId: string } }>('/update/:insuranceApplicationId', { bodyLimit: BODY_LIMIT }, async (request) => {
    const personKey = await customer(request);
    const id = ID_FORMAT.test(request.params.insuranceApplicationId) ? Number(request.params.insuranceApplicationId) : 0;
    // Known before the body is read: another person's id is a 404 whatever was sent.
    const existing = await findInsurance(db, id, personKey);
    if (!existing) throw updateRefusal('notFound')!;
    if (existing.status === 'SIGNED') throw updateRefusal('signed')!;
    const input = await readApplication(personKey, request.body);
    const refusal = updateRefusal(await updateInsurance(db, id, personKey, input));
    if (refusal) throw refusal;
    request.log.info({ insuranceApplicationId: id }, 'insurance application updated');
    // Not signed, so not sent to the insurer: no answer yet.
    return answerOf((await findInsurance(db, id, personKey))!, null);
  });

  function readBody(body: unknown): { brand: string; applicationId: number | undefined; form: Record<string, unknown> } {
    if (body === undefined || body === null) throw badRequest('emptyBody');
    if (!isObject(body)) throw badRequest('notAnObject');
    const { brand, applicationId, ...rest } = body;
    if (typeof brand !== 'string' || !Object.hasOwn(products.catalogue.brands, brand)) throw badRequest('insuranceBodyInvalid');
    const idText = typeof applicationId === 'number' && Number.isSafeInteger(applicationId) ? String(applicationId) : typeof applicationId === 'string' ? applicationId : '';
    if (applicationId !== undefined && applicationId !== null && !ID_FORMAT.test(idText)) throw badRequest('insuranceBodyInvalid');
    const form: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(rest)) {
      if (readOnly.has(field)) continue;
      if (!formFields.has(field)) throw badRequest('insuranceBodyInvalid');
      form[field] = value;
    }
    return { brand, applicationId: idText ? Number(idText) : undefined, form };
  }
}

/** The application as the page shows it (spec §3 "Insurance application"), with the insurer's answer once it has one. */
export function answerOf(stored: StoredInsurance, insurerAnswer: InsurerAnswer | null) {
  const { data } = stored;
  return {
    insuranceApplicationId: stored.id,
    applicationId: stored.applicationId,
    applicationStatus: stored.status,
    firstName: text(data.firstName),
    lastName: text(data.lastName),
    email: text(data.email),
    phone: text(data.phone),
    address: text(data.address),
    zip: text(data.zip),
    city: text(data.city),
    age: data.age as number,
    paymentTier: data.paymentTier as number,
    monthlyPayment: data.monthlyPayment as number,
    appliedDueDate: data.appliedDueDate as number,
    assureAge: data.assureAge === true,
    hasWorked: data.hasWorked === true,
    assureInformation: data.assureInformation === true,
    insurerAnswer: insurerAnswer && { decision: insurerAnswer.decision, answeredAt: insurerAnswer.answeredAt.toISOString() },
  };
}

/** A document without it could store nothing signable: refused at the start, not at the first customer. */
function termsVersionOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new Error('forms/insurance.json has no constants.insuranceTermsVersion');
  return value;
}
