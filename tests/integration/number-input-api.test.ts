// Numbers as the API reads them (spec §5, issue 11 item 4): the server validates with
// the same engine and money normaliser as the browser, so a comma is a decimal
// separator and a string that is not a plain number ('1e309') is a field error, not
// an amount with its letter dropped (it used to be stored as 1309 €).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { primaryBasics, primaryHousing, step1 } from '../fixtures/consumer-valid.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { API, post, startTestServer, storedRow, type TestServer } from './helpers/server.ts';

type Data = Record<string, unknown>;

const body = (data: Data, step: number): Data => ({ ...data, additionalFormData: { step, hasCoApplicant: false } });

describeOnDatabases('numbers typed as text in a save', (target) => {
  let server: TestServer;
  const url = (path: string) => `${server.url}${API}${path}`;
  const rowCount = async () => Number((await server.db.query<{ n: string | number }>('SELECT count(*) AS n FROM applications')).rows[0].n);
  const stored = async (id: number) => JSON.parse((await storedRow(server.db, id))!.data as string) as Data;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses '1e309' as an amount with the field error 'Vain numeroita' and stores nothing", async () => {
    const before = await rowCount();
    const answer = await post(url('/save'), body({ ...step1, inputAppliedAmount: '1e309' }, 1));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toEqual({ type: 'VALIDATION_ERROR', errors: { inputAppliedAmount: 'Vain numeroita' } });
    // Other notations of a number are refused the same way, and so is JSON's own 1e309 (Infinity).
    for (const amount of ['2e3', '1E+4', '0x2710']) {
      const other = await post(url('/save'), body({ ...step1, inputAppliedAmount: amount }, 1));
      expect(other.body, amount).toEqual({ type: 'VALIDATION_ERROR', errors: { inputAppliedAmount: 'Vain numeroita' } });
    }
    const raw = await post(url('/save'), JSON.stringify(body({ ...step1, inputAppliedAmount: 0 }, 1)).replace('"inputAppliedAmount":0', '"inputAppliedAmount":1e309'));
    expect(raw.body).toEqual({ type: 'VALIDATION_ERROR', errors: { inputAppliedAmount: 'Vain numeroita' } });
    expect(await rowCount()).toBe(before);
  });

  it("reads a decimal comma as a decimal: '12,5' is under the minimum, '2500,5' is stored as 2500.5", async () => {
    const small = await post(url('/save'), body({ ...step1, inputAppliedAmount: '12,5' }, 1));
    expect(small.body).toEqual({ type: 'VALIDATION_ERROR', errors: { inputAppliedAmount: 'Vähintään 500' } });
    const created = await post(url('/save'), body({ ...step1, inputAppliedAmount: '2 500,5' }, 1));
    expect(created.status, created.text).toBe(200);
    expect(await stored((created.body as { id: number }).id)).toMatchObject({ inputAppliedAmount: 2500.5, appliedAmount: 2500.5 });
  });

  it('asks for whole years: a tenor of 1.5 is a field error, not 15', async () => {
    const answer = await post(url('/save'), body({ ...step1, inputAppliedTenor: 1.5 }, 1));
    expect(answer.body).toEqual({ type: 'VALIDATION_ERROR', errors: { inputAppliedTenor: 'Vain numeroita' } });
    const text = await post(url('/save'), body({ ...step1, inputAppliedTenor: '1,5' }, 1));
    expect(text.body).toEqual({ type: 'VALIDATION_ERROR', errors: { inputAppliedTenor: 'Vain numeroita' } });
  });

  it("refuses '1e309' in the money fields of later steps, keeping what was stored", async () => {
    const created = await post(url('/save'), body(step1, 1));
    const { id, token } = created.body as { id: number; token: string };
    const housing = body({ ...step1, ...primaryBasics, ...primaryHousing, primaryApplicantLivingExpenses: '1e309', primaryApplicantOtherRegularExpenses: '12,5' }, 3);
    const answer = await post(url(`/save/${id}/${token}`), housing);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ type: 'VALIDATION_ERROR', errors: { primaryApplicantLivingExpenses: 'Vain numeroita' } });
    expect(await stored(id)).not.toHaveProperty('primaryApplicantOtherRegularExpenses');

    const fixed = await post(url(`/save/${id}/${token}`), { ...housing, primaryApplicantLivingExpenses: '850,5' });
    expect(fixed.text).toBe('success');
    expect(await stored(id)).toMatchObject({ primaryApplicantLivingExpenses: 850.5, primaryApplicantOtherRegularExpenses: 12.5 });
  });
});
