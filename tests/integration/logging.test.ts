// The server's log of real saves carries no token, identity code, IBAN or income; and
// no value any form document marks sensitive (issue 12 item 6): an application of each
// document, generated from the document, saved through the API (the consumer's) and
// logged whole as a body (every document, and the tiny fixture product) leaves none of
// its marked values in the log.
import { mkdtempSync, rmSync, symlinkSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMS_DIR, listFormDocuments, readCatalogue, readFormDocument, runtimeForDocument } from '../../engine/core/node.ts';
import { sensitiveFields } from '../../engine/core/sensitive.ts';
import type { FormData, FormDocument } from '../../engine/core/types.ts';
import { optionsOf } from '../../engine/qa/values.ts';
import { baseBuilder } from '../../engine/qa/base.ts';
import { seededRandom } from '../../engine/qa/random.ts';
import { CENSOR, createLogger, maskUrl } from '../../src/server/logging.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { personalId } from '../fixtures/personal-id.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { API, post, recordBankIdentification, startTestServer, type TestServer } from './helpers/server.ts';

const IDENTITY_CODE = personalId(24, 7, 1979, 417);
const IBAN = 'FI4950009420028730';
const GROSS_INCOME = 4817;
const NET_INCOME = 3593;

function application(): Record<string, unknown> {
  return {
    ...validApplication(),
    primaryApplicantPersonalIdentificationNumber: IDENTITY_CODE,
    primaryApplicantIbanNumber: IBAN,
    primaryApplicantGrossMonthlyIncome: GROSS_INCOME,
    primaryApplicantNetMonthlyIncome: NET_INCOME,
    additionalFormData: { step: 7, hasCoApplicant: false },
  };
}

/** Every string and number anywhere in a parsed log line. */
function leaves(value: unknown, out: unknown[] = []): unknown[] {
  if (value !== null && typeof value === 'object') for (const member of Object.values(value)) leaves(member, out);
  else out.push(value);
  return out;
}

const SECTIONS_DIR = join(FORMS_DIR, 'sections');
const TINY_LOAN = join(import.meta.dirname, '../fixtures/forms/tiny-loan.json');
const readTinyLoan = () => readFormDocument(TINY_LOAN, undefined, { sectionsDir: SECTIONS_DIR });

/** The documents of applications (the catalogue's products, the tiny fixture); the others are pages' own forms. */
const applicationDocuments = new Set([...Object.values(readCatalogue().products).map((product) => product.document), 'tiny-loan']);

/** Every document in forms/, and the tiny fixture product built from the same sections. */
const documents = (): FormDocument[] => [...listFormDocuments().map((id) => readFormDocument(id)), readTinyLoan()];

// Values a log line could not hold by chance (an id, a port, a time), for the fields
// a document has; the generator fills in the rest.
const DISTINCT: FormData = {
  loanPurposeId: 16,
  primaryApplicantPersonalIdentificationNumber: personalId(24, 7, 1979, 417),
  primaryApplicantFirstnames: 'Aino-Kaarina',
  primaryApplicantLastname: 'Pölkkynen',
  primaryApplicantMobilephone: '0451234987',
  primaryApplicantMobilephone2: '0451234987',
  primaryApplicantEmail: 'aino.polkkynen@esimerkki.fi',
  primaryApplicantEmail2: 'aino.polkkynen@esimerkki.fi',
  primaryApplicantAddress: 'Pölkkytie 17 B 9',
  primaryApplicantZip: '33720',
  primaryApplicantCity: 'Tampere',
  primaryApplicantEmploymentTypeId: 6,
  primaryApplicantGrossMonthlyIncome: 4817,
  primaryApplicantNetMonthlyIncome: 3593,
  primaryApplicantEmployer: 'Pölkky ja Poika Oy',
  primaryApplicantHasNoLoans: false,
  primaryApplicantHasOtherLoan: true,
  primaryApplicantOtherLoanInput: [{ loan: 23457, monthlyPayment: 389 }],
  primaryApplicantIbanNumber: 'FI4950009420028730',
  // The mortgage's own (fields another document lacks are left out of its pins).
  ownFunding: 38117,
  hasInfoOnHousing: true,
  apartmentPriceEstimate: 291000,
  apartmentSize: 71,
  apartmentAddress: 'Asuntokatu 5 C 31',
  apartmentZip: '00530',
  apartmentCity: 'Helsinki',
  // The business form's company (a sole trader's address and phone are the owner's).
  address: 'Teollisuuskuja 8',
  email: 'talous@polkky-esimerkki.fi',
  phone: '0147654321',
  ibanNumber: 'FI4950009420028730',
  monthlyTurnover: 38611,
  // The business form's company and the customer's details (forms/user-details.json) share these ids.
  name: 'Pölkkysen Paja',
  zip: '40320',
  city: 'Pölkkylä',
  // The insurance's (forms/insurance.json): the insured person's name and age.
  firstName: 'Aino-Kaarina',
  lastName: 'Pölkkynen',
  age: 53,
};
const WITH_CO_APPLICANT: FormData = {
  ...DISTINCT,
  hasCoApplicant: true,
  coApplicantPersonalIdentificationNumber: personalId(3, 11, 1983, 562),
  coApplicantFirstnames: 'Eelis',
  coApplicantLastname: 'Kärkkäinen',
  coApplicantMobilephone: '0409871236',
  coApplicantMobilephone2: '0409871236',
  coApplicantEmail: 'eelis.karkkainen@esimerkki.fi',
  coApplicantEmail2: 'eelis.karkkainen@esimerkki.fi',
  coApplicantSameAddressAsPrimary: false,
  coApplicantAddress: 'Kärkkäisenkuja 3',
  coApplicantZip: '90100',
  coApplicantCity: 'Oulu',
  coApplicantEmploymentTypeId: 6,
  coApplicantGrossMonthlyIncome: 3911,
  coApplicantNetMonthlyIncome: 2987,
  coApplicantEmployer: 'Kärkkäinen Tmi',
};
// Alone, married: the spouse's income is asked.
const ALONE: FormData = { ...DISTINCT, hasCoApplicant: false, primaryApplicantMaritalStatusId: 1, primaryApplicantSpouseGrossMonthlyIncome: 2711 };

/** Valid complete applications of a document from the QA generator: with a co-applicant, and alone. */
function applicationsOf(doc: FormDocument): FormData[] {
  const runtime = runtimeForDocument(doc);
  return [WITH_CO_APPLICANT, ALONE].map((wanted) => {
    // The pins a document can take: its own fields, with a value among its options (the purposes differ by product).
    const takes = (field: string, value: unknown) => Object.hasOwn(doc.schema.properties, field) && (optionsOf(doc.schema.properties[field])?.some((option) => option.value === value) ?? true);
    const pins = Object.fromEntries(Object.entries(wanted).filter(([field, value]) => takes(field, value)));
    const data = baseBuilder(doc, runtime, seededRandom(12)).build(pins);
    expect(data, `${doc.id}: no valid application with ${JSON.stringify(pins)}`).not.toBeNull();
    expect(runtime.validate(data!).valid).toBe(true);
    return data!;
  });
}

/** The values of an application's marked fields (a list's marked row properties, row by row). */
function markedValues(doc: FormDocument, data: FormData): Array<{ field: string; value: unknown }> {
  return sensitiveFields(doc).flatMap((id) => {
    const [top, star, prop] = id.split('.');
    if (star !== '*') return data[top] === undefined ? [] : [{ field: id, value: data[top] }];
    const rows = Array.isArray(data[top]) ? (data[top] as Array<Record<string, unknown>>) : [];
    return rows.filter((row) => row?.[prop] !== undefined).map((row) => ({ field: id, value: row[prop] }));
  });
}

/** Log members whose values are the logger's own (a time, a process id), not logged data. */
const OWN_MEMBERS = new Set(['time', 'pid', 'hostname', 'responseTime', 'level', 'reqId']);
function loggedValues(value: unknown, key = '', out: unknown[] = []): unknown[] {
  if (value !== null && typeof value === 'object') for (const [k, member] of Object.entries(value)) loggedValues(member, k, out);
  else if (!OWN_MEMBERS.has(key)) out.push(value);
  return out;
}

/** Fails naming the field when a marked value is in a log line (as a value, or inside a text). */
function expectNoneLogged(lines: string[], marked: Array<{ field: string; value: unknown }>): void {
  const text = lines.join('\n');
  const values = lines.flatMap((line) => loggedValues(JSON.parse(line)));
  for (const { field, value } of marked) {
    expect(values, `${field} = ${JSON.stringify(value)}`).not.toContain(value);
    expect(values, `${field} = ${JSON.stringify(value)}`).not.toContain(String(value));
    if (typeof value === 'string' && value.length >= 5) expect(text, field).not.toContain(value);
  }
}

/** A logger writing into an array, as the test server's does. */
function capturedLogger(options: Parameters<typeof createLogger>[0] = {}) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  return { log: createLogger({ level: 'info', destination, ...options }), lines };
}

describeOnDatabases('logs', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('never show a token, an identity code, an IBAN or an income', async () => {
    const url = (path: string) => `${server.url}${API}${path}`;
    const created = await post(url('/save'), application());
    expect(created.status, created.text).toBe(200);
    const { id, token } = created.body as { id: number; token: string };
    expect((await post(url(`/save/${id}/${token}`), application())).text).toBe('success');
    // Refused requests log too: a validation error on the sensitive fields, a body the
    // JSON parser chokes on right after the identity code, a wrong token in the query.
    const invalid = { ...application(), primaryApplicantNetMonthlyIncome: GROSS_INCOME + 1, primaryApplicantIbanNumber: `${IBAN}0` };
    expect((await post(url(`/save/${id}/${token}`), invalid)).status).toBe(400);
    const broken = JSON.stringify(application()).replace(`"${IDENTITY_CODE}"`, `"${IDENTITY_CODE}" oops`);
    expect((await post(url(`/save/${id}/${token}`), broken)).status).toBe(400);
    expect((await post(url(`/save/${id}/${token}?token=${token}`), application())).text).toBe('success');
    await recordBankIdentification(server.db, id, IDENTITY_CODE);
    expect((await post(url(`/finalize/${id}/${token}`))).text).toBe('success');
    // Anything that does slip into a log object is redacted by key.
    server.app.log.info({ body: application(), token }, 'a careless log line');

    const lines = server.rawLogs;
    expect(lines.length).toBeGreaterThan(10);
    const text = lines.join('\n');
    for (const secret of [token, IDENTITY_CODE, IBAN]) expect(text).not.toContain(secret);
    const values = lines.flatMap((line) => leaves(JSON.parse(line)));
    for (const income of [GROSS_INCOME, NET_INCOME]) {
      expect(values).not.toContain(income);
      expect(values).not.toContain(String(income));
    }
    // The requests themselves are in the log, with the token masked.
    expect(text).toContain(`${API}/save/${id}/[REDACTED]`);
    expect(text).toContain(`${API}/finalize/${id}/[REDACTED]`);
    expect(text).toContain('a careless log line');
  });
});

describeOnDatabases('logs of every form document', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('never show a value a document marks sensitive: saved through the API, or logged whole as a body', async () => {
    const consumer = readFormDocument('consumer');
    const url = (path: string) => `${server.url}${API}${path}`;
    let checked = 0;
    for (const doc of documents()) {
      for (const data of applicationsOf(doc)) {
        const marked = markedValues(doc, data);
        // An application has a dozen and more; a page's own form (the login's, the customer's details) its few.
        expect(marked.length, doc.id).toBeGreaterThan(applicationDocuments.has(doc.id) ? 10 : 0);
        if (doc.id === consumer.id) {
          const body = { ...data, additionalFormData: { step: consumer.steps.length, hasCoApplicant: data.hasCoApplicant } };
          const created = await post(url('/save'), body);
          expect(created.status, created.text).toBe(200);
          const { id, token } = created.body as { id: number; token: string };
          expect((await post(url(`/save/${id}/${token}`), body)).text).toBe('success');
          // A refused save logs the fields it refuses, not their values.
          const refused = { ...body, primaryApplicantNetMonthlyIncome: Number(data.primaryApplicantGrossMonthlyIncome) + 1 };
          expect((await post(url(`/save/${id}/${token}`), refused)).status).toBe(400);
        }
        server.app.log.info({ document: doc.id, body: data }, 'a careless save');
        expectNoneLogged(server.rawLogs, marked);
        checked += marked.length;
      }
    }
    expect(checked).toBeGreaterThan(50);

    // The co-applicant's contact details, which the hand-written list of before missed.
    const careless = server.rawLogs.map((line) => JSON.parse(line)).filter((line) => line.msg === 'a careless save' && line.body.hasCoApplicant === true);
    expect(careless.length).toBe(documents().filter((doc) => Object.hasOwn(doc.schema.properties, 'coApplicantEmail')).length);
    for (const line of careless) {
      for (const field of ['coApplicantEmail', 'coApplicantEmail2', 'coApplicantMobilephone', 'coApplicantMobilephone2', 'coApplicantPersonalIdentificationNumber']) expect(line.body[field], field).toBe(CENSOR);
      // What is not marked stays readable.
      expect(line.body.hasCoApplicant).toBe(true);
    }
  });
});

describe('redaction read from the documents', () => {
  it('a product in another forms folder is redacted from its own document, with no code change', () => {
    const formsDir = mkdtempSync(join(tmpdir(), 'lv-forms-'));
    try {
      copyFileSync(TINY_LOAN, join(formsDir, 'tiny-loan.json'));
      symlinkSync(SECTIONS_DIR, join(formsDir, 'sections'), 'dir');
      const doc = readTinyLoan();
      const { log, lines } = capturedLogger({ formsDir });
      for (const data of applicationsOf(doc)) {
        log.info({ body: data }, 'a careless save');
        expectNoneLogged(lines, markedValues(doc, data));
      }
      expect(lines).toHaveLength(2);
    } finally {
      rmSync(formsDir, { recursive: true, force: true });
    }
  });

  it('takes more field ids for a test; a list with a marked row property is redacted whole', () => {
    const { log, lines } = capturedLogger({ sensitiveFields: ['email', 'phone', 'ibanNumber', 'owners.*.personalCode'] });
    log.info({ body: { email: 'a@b.fi', phone: '0401234567', ibanNumber: 'FI4950009420028730', owners: [{ personalCode: 'x', share: 50 }], companyName: 'Oy Ab' } });
    expect(JSON.parse(lines[0]).body).toEqual({ email: CENSOR, phone: CENSOR, ibanNumber: CENSOR, owners: CENSOR, companyName: 'Oy Ab' });
  });

  it('finds a key down to the fourth level, in arrays, errors and child bindings, and leaves the logged object as it was', () => {
    const { log, lines } = capturedLogger();
    const logged = { a: { b: { token: 't3', c: { token: 't4', d: { token: 'deeper' } } } }, list: [{ otp: '123456' }], primaryApplicantEmail: 'x@y.fi' };
    const before = structuredClone(logged);
    log.info(logged, 'nested');
    expect(logged).toEqual(before);
    const error = Object.assign(new Error('boom'), { recipient: 'a@b.fi' });
    log.child({ reqId: 'r1', token: 'bound' }).info({ error, err: error }, 'child');
    const [nested, child] = lines.map((line) => JSON.parse(line));
    expect(nested.a.b).toEqual({ token: CENSOR, c: { token: CENSOR, d: { token: 'deeper' } } });
    expect(nested.list).toEqual([{ otp: CENSOR }]);
    expect(nested.primaryApplicantEmail).toBe(CENSOR);
    expect(child.token).toBe(CENSOR);
    expect(child.reqId).toBe('r1');
    expect(child.error).toEqual({ recipient: CENSOR });
    expect(child.err.message).toBe('boom');
  });
});

it('masks the token segment of application paths and token query parameters', () => {
  expect(maskUrl('/api/lainavertailu22/consumer-applications/save/12/abcDEF_-')).toBe('/api/lainavertailu22/consumer-applications/save/12/[REDACTED]');
  expect(maskUrl('/hakemus/kulutusluotto/3/12/abcDEF?source=x&token=secret')).toBe('/hakemus/kulutusluotto/3/12/[REDACTED]?source=x&token=%5BREDACTED%5D');
  expect(maskUrl('/api/postal-codes/00100')).toBe('/api/postal-codes/00100');
  expect(maskUrl('/api/auth/visma/12/tok/method')).toBe('/api/auth/visma/12/[REDACTED]/method');
});
