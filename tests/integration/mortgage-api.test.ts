// The mortgage over real HTTP on a real database (issue 15): the generic application
// routes under its own prefix, its flow (the last active step's save submits it, only
// the primary applicant identifies, through the development provider), and the
// status the status page polls, through the pre-analysis to OTHER or DENIED.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { validMortgage, validMortgageWithCoApplicant } from '../fixtures/mortgage-valid.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { identifyAtTestBank } from './helpers/identification.ts';
import { get, post, startTestServer, storedRow, type TestServer } from './helpers/server.ts';

const API = '/api/lainavertailu22/mortgage-applications';
const STATUS = '/api/mortgage-applications';
type Credentials = { id: number; token: string };
type Data = Record<string, unknown>;

describeOnDatabases('the mortgage application', (target) => {
  let server: TestServer;
  const url = (path: string) => `${server.url}${path}`;
  const status = async (a: Credentials) => (await get(url(`${STATUS}/status/${a.id}/${a.token}`))).text;

  beforeAll(async () => {
    // The banks' analysis time scaled to nothing: the first poll after identification analyses.
    server = await startTestServer(target, { lenderDelayScale: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Saves steps 1..last as the page does, the last one with finalize. */
  async function submit(data: Data): Promise<Credentials> {
    const last = data.hasCoApplicant === true ? 5 : 4;
    const created = await post(url(`${API}/save`), { ...data, product: 'asuntolaina', additionalFormData: { step: 1 } });
    expect(created.status, created.text).toBe(200);
    const a = created.body as Credentials;
    for (let step = 2; step <= last; step++) {
      const saved = await post(url(`${API}/save/${a.id}/${a.token}`), { ...data, additionalFormData: { step }, ...(step === last ? { finalize: 1 } : {}) });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.text).toBe('success');
    }
    return a;
  }

  it('is saved step by step under its own prefix, validated by its own document', async () => {
    const created = await post(url(`${API}/save`), { ...validMortgage(), additionalFormData: { step: 1 } });
    expect(created.status, created.text).toBe(200);
    const a = created.body as Credentials;
    const row = await storedRow(server.db, a.id);
    expect(row).toMatchObject({ product: 'asuntolaina', status: 'draft', step: 1 });
    expect(JSON.parse(String(row!.data))).toMatchObject({ appliedAmount: 240000, appliedTenor: 300, apartmentCity: 'Tampere' });
    expect(await status(a)).toBe('DRAFT');

    // Its own limits and messages; a consumer field is unknown here.
    const tooMuch = await post(url(`${API}/save/${a.id}/${a.token}`), { inputAppliedAmount: 700001, additionalFormData: { step: 1 } });
    expect(tooMuch.status).toBe(400);
    expect((tooMuch.body as { errors: Record<string, string> }).errors).toEqual({ inputAppliedAmount: 'Enintään 700000' });
    const consumerField = await post(url(`${API}/save/${a.id}/${a.token}`), { loanPurposeId: 16, additionalFormData: { step: 1 } });
    expect((consumerField.body as { type: string }).type).toBe('UNKNOWN_FIELDS');
    // A warning is no error: a high income saves.
    const high = await post(url(`${API}/save/${a.id}/${a.token}`), { ...validMortgage(), primaryApplicantGrossMonthlyIncome: 30000, additionalFormData: { step: 3 } });
    expect(high.text).toBe('success');
    // The consumer's finalize call does not exist for it, nor another product's prefix.
    expect((await post(url(`${API}/finalize/${a.id}/${a.token}`))).status).toBe(404);
    expect((await post(url(`/api/lainavertailu22/consumer-applications/save/${a.id}/${a.token}`), { additionalFormData: { step: 1 } })).status).toBe(404);
  });

  it('takes finalize only on the last active step: 4 alone, 5 with a co-applicant', async () => {
    const created = await post(url(`${API}/save`), { ...validMortgageWithCoApplicant(), additionalFormData: { step: 1 } });
    const a = created.body as Credentials;
    const early = await post(url(`${API}/save/${a.id}/${a.token}`), { ...validMortgageWithCoApplicant(), finalize: 1, additionalFormData: { step: 4 } });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ type: 'BAD_REQUEST', message: expect.stringContaining('finalize arvo ei kelpaa: 1 vain vaiheessa 5') });
    const unflagged = await post(url(`${API}/save/${a.id}/${a.token}`), { ...validMortgageWithCoApplicant(), additionalFormData: { step: 5 } });
    expect(unflagged.status).toBe(400);
    const stepZero = await post(url(`${API}/save/${a.id}/${a.token}`), { additionalFormData: { step: 0 }, finalize: 1 });
    expect(stepZero.status).toBe(400);
    expect(await status(a)).toBe('DRAFT');
  });

  it('submitted, it waits for the primary applicant alone to identify, takes no edits, then is analysed and forwarded', async () => {
    const data = validMortgageWithCoApplicant();
    const a = await submit(data);
    expect(await status(a)).toBe('IDENTIFICATION_REQUIRED');
    expect((await get(url(`/api/auth/visma/status/${a.id}/${a.token}`))).text).toBe('false');
    const edit = await post(url(`${API}/save/${a.id}/${a.token}`), { ...data, additionalFormData: { step: 2 } });
    expect(edit.status).toBe(409);
    expect((edit.body as { type: string }).type).toBe('ALREADY_SUBMITTED');

    const back = await identifyAtTestBank(server.url, a, String(data.primaryApplicantPersonalIdentificationNumber));
    expect(back).toBe(`/hakemus/asuntolaina/status/${a.id}/${a.token}`);
    expect((await get(url(`/api/auth/visma/status/${a.id}/${a.token}`))).text).toBe('true');
    expect(await status(a)).toBe('OTHER');
    const outcome = await get(url(`${STATUS}/outcome/${a.id}/${a.token}`));
    expect(outcome.body).toMatchObject({ status: 'OTHER', reasons: [] });
    expect((outcome.body as { banks: string[] }).banks.length).toBeGreaterThan(0);
    // Polled again: the stored outcome, not a new analysis.
    expect(await status(a)).toBe('OTHER');
    const rows = await server.db.query<{ n: number | string }>('SELECT count(*) AS n FROM mortgage_analyses WHERE application_id = $1', [a.id]);
    expect(Number(rows.rows[0].n)).toBe(1);
  });

  it('denies one no bank would take, with the reasons in Finnish', async () => {
    const data: Data = { ...validMortgage(), inputAppliedAmount: 650000, ownFunding: 0, apartmentPriceEstimate: 300000, primaryApplicantGrossMonthlyIncome: 1500, primaryApplicantNetMonthlyIncome: 1200 };
    const a = await submit(data);
    await identifyAtTestBank(server.url, a, String(data.primaryApplicantPersonalIdentificationNumber));
    expect(await status(a)).toBe('DENIED');
    const outcome = (await get(url(`${STATUS}/outcome/${a.id}/${a.token}`))).body as { status: string; reasons: string[]; banks: string[] };
    expect(outcome.status).toBe('DENIED');
    expect(outcome.banks).toEqual([]);
    expect(outcome.reasons.length).toBeGreaterThan(0);
    for (const reason of outcome.reasons) expect(reason).toMatch(/^[A-ZÄÖ].*\.$/);
  });

  it('answers the same 404 for a wrong token, another product and a malformed id', async () => {
    const a = await submit(validMortgage());
    for (const path of [`${STATUS}/status/${a.id}/${'x'.repeat(43)}`, `${STATUS}/status/0/${a.token}`, `${STATUS}/outcome/${a.id + 1000}/${a.token}`]) {
      const answer = await get(url(path));
      expect(answer.status, path).toBe(404);
    }
    const consumer = await post(url('/api/lainavertailu22/consumer-applications/save'), { loanPurposeId: 16, inputAppliedAmount: 5000, inputAppliedTenor: 3, hasCoApplicant: false, additionalFormData: { step: 1 } });
    const c = consumer.body as Credentials;
    expect((await get(url(`${STATUS}/status/${c.id}/${c.token}`))).status).toBe(404);
  });
});
