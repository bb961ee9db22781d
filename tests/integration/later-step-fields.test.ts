// A save at an earlier step checks every answer it carries, whatever step it belongs to
// (issue 24, "bad input gets a clear error and changes nothing stored"). A security review
// created a mortgage at step 1 whose body carried a 5 000-character employer name, which
// the server took with a 200. Now each such answer gets the save's Finnish field error, and
// the request stores nothing; absent later answers are fine, valid ones are stored, and a
// later step's cross-field check waits for its step (docs/decisions.md).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadFormRuntime } from '../../engine/core/node.ts';
import { step1 as consumerStep1, primaryWork as consumerWork } from '../fixtures/consumer-valid.ts';
import { mortgageStep1, mortgageWork } from '../fixtures/mortgage-valid.ts';
import { limitMessage, limitOf, messageOf } from '../unit/engine/helpers.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { API as CONSUMER_API, post, startTestServer, storedRow, type TestServer } from './helpers/server.ts';

type Data = Record<string, unknown>;
type Credentials = { id: number; token: string };

const products = [
  {
    name: 'consumer',
    api: CONSUMER_API,
    document: loadFormRuntime('consumer').document,
    step1: consumerStep1,
    work: consumerWork,
    workStep: 4,
    extra: {},
  },
  {
    name: 'mortgage',
    api: '/api/lainavertailu22/mortgage-applications',
    document: loadFormRuntime('mortgage').document,
    step1: mortgageStep1,
    work: mortgageWork,
    workStep: 3,
    extra: { product: 'asuntolaina' },
  },
];

describeOnDatabases('a save checks the answers of later steps it carries', (target) => {
  let server: TestServer;
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function rowCount(): Promise<number> {
    const result = await server.db.query<{ n: string | number }>('SELECT count(*) AS n FROM applications');
    return Number(result.rows[0].n);
  }

  for (const product of products) {
    const { document: doc } = product;
    const body = (data: Data, step: number): Data => ({ ...data, ...product.extra, additionalFormData: { step, hasCoApplicant: false } });
    const errorsOf = (answer: { body: unknown }) => (answer.body as { errors?: Record<string, string> }).errors;

    async function create(data: Data): Promise<Credentials> {
      const answer = await post(url(`${product.api}/save`), body(data, 1));
      expect(answer.status, answer.text).toBe(200);
      return answer.body as Credentials;
    }

    // Each attack: a step-1 save carrying one wrong answer of the work step, and the error it gets.
    const attacks: Array<{ name: string; data: Data; errors: Record<string, string> }> = [
      {
        name: 'a 5 000-character employer name',
        data: { ...product.work, primaryApplicantEmployer: 'x'.repeat(5000) },
        errors: { primaryApplicantEmployer: limitMessage(doc, 'primaryApplicantEmployer', 'maxLength') },
      },
      {
        name: 'a gross income of the wrong type',
        data: { ...product.work, primaryApplicantGrossMonthlyIncome: 'paljon' },
        errors: { primaryApplicantGrossMonthlyIncome: messageOf(doc, 'primaryApplicantGrossMonthlyIncome', 'type.number') },
      },
      {
        name: 'a net income over its maximum',
        data: { ...product.work, primaryApplicantNetMonthlyIncome: limitOf(doc, 'primaryApplicantNetMonthlyIncome', 'maximum') + 1 },
        errors: { primaryApplicantNetMonthlyIncome: limitMessage(doc, 'primaryApplicantNetMonthlyIncome', 'maximum') },
      },
      {
        name: 'an employment type not among its choices',
        data: { ...product.work, primaryApplicantEmploymentTypeId: 999 },
        errors: { primaryApplicantEmploymentTypeId: messageOf(doc, 'primaryApplicantEmploymentTypeId', 'oneOf') },
      },
    ];

    it(`${product.name}: a step-1 save that creates an application refuses a wrong later answer with 400 and stores nothing`, async () => {
      for (const attack of attacks) {
        const before = await rowCount();
        const answer = await post(url(`${product.api}/save`), body({ ...product.step1, ...attack.data }, 1));
        expect(answer.status, `${attack.name}: ${answer.text}`).toBe(400);
        expect(errorsOf(answer), attack.name).toEqual(attack.errors);
        expect(await rowCount(), attack.name).toBe(before);
      }
    });

    it(`${product.name}: a step-1 update refuses a wrong later answer with 400 and leaves the stored application as it was`, async () => {
      const a = await create({ ...product.step1, ...product.work });
      const stored = await storedRow(server.db, a.id);
      for (const attack of attacks) {
        const answer = await post(url(`${product.api}/save/${a.id}/${a.token}`), body({ ...product.step1, ...attack.data }, 1));
        expect(answer.status, `${attack.name}: ${answer.text}`).toBe(400);
        expect(errorsOf(answer), attack.name).toEqual(attack.errors);
        expect(await storedRow(server.db, a.id), attack.name).toEqual(stored);
      }
    });

    it(`${product.name}: a step-1 save stores the valid later answers it carries, and needs none`, async () => {
      const withWork = await create({ ...product.step1, ...product.work });
      const data = JSON.parse(String((await storedRow(server.db, withWork.id))!.data)) as Data;
      expect(data).toMatchObject({
        primaryApplicantEmployer: product.work.primaryApplicantEmployer,
        primaryApplicantGrossMonthlyIncome: product.work.primaryApplicantGrossMonthlyIncome,
        primaryApplicantNetMonthlyIncome: product.work.primaryApplicantNetMonthlyIncome,
      });

      const bare = await create(product.step1);
      const updated = await post(url(`${product.api}/save/${bare.id}/${bare.token}`), body({ ...product.step1, ...product.work, primaryApplicantEmployer: 'Toinen Oy' }, 1));
      expect(updated.status, updated.text).toBe(200);
      expect(JSON.parse(String((await storedRow(server.db, bare.id))!.data))).toMatchObject({ primaryApplicantEmployer: 'Toinen Oy' });
    });

    it(`${product.name}: a later step's cross-field check waits for its step, and what fails it is not stored`, async () => {
      const check = doc.rules!.checks!.find((c) => c.field === 'primaryApplicantNetMonthlyIncome')!;
      const netAboveGross = { ...product.work, primaryApplicantGrossMonthlyIncome: 2000, primaryApplicantNetMonthlyIncome: 2500 };
      const a = await create({ ...product.step1, ...netAboveGross });
      const data = JSON.parse(String((await storedRow(server.db, a.id))!.data)) as Data;
      expect(data.primaryApplicantGrossMonthlyIncome).toBe(2000);
      expect(data).not.toHaveProperty('primaryApplicantNetMonthlyIncome');

      // At its own step the check refuses the save.
      const atWorkStep = await post(url(`${product.api}/save/${a.id}/${a.token}`), body({ ...product.step1, ...netAboveGross }, product.workStep));
      expect(atWorkStep.status).toBe(400);
      expect(errorsOf(atWorkStep)).toMatchObject({ primaryApplicantNetMonthlyIncome: check.message ?? doc.messages.default });
    });
  }
});
