// The consumer application API over real HTTP on a real database, checked by the real
// engine and forms/consumer.json.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { step1, validApplication, validApplicationWithCoApplicant } from '../fixtures/consumer-valid.ts';
import { describeOnDatabases } from './helpers/database.ts';
import type { Database } from '../../src/server/db/index.ts';
import { API, get, post, recordBankIdentification, startApp, startTestServer, storedRow, type RunningApp, type TestServer } from './helpers/server.ts';

type Data = Record<string, unknown>;

/** A save body: form data plus the navigation state the client sends with it. */
function saveBody(data: Data, step: number, extra: Data = {}): Data {
  return { ...data, additionalFormData: { step, hasCoApplicant: data.hasCoApplicant ?? false }, ...extra };
}

const STEP1_BODY = {
  loanPurposeId: 16,
  inputAppliedAmount: 15000,
  inputAppliedTenor: 8,
  hasCoApplicant: false,
  additionalFormData: { step: 1, hasCoApplicant: false },
};

describeOnDatabases('consumer applications API', (target) => {
  let server: TestServer;
  const url = (path: string) => `${server.url}${API}${path}`;

  async function create(body: Data = STEP1_BODY): Promise<{ id: number; token: string }> {
    const answer = await post(url('/save'), body);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as { id: number; token: string };
  }

  /** A complete application at step 7 whose applicant came back from the bank identified. */
  async function identifiedAtStep7(): Promise<{ id: number; token: string }> {
    const created = await create(saveBody(validApplication(), 7));
    await recordBankIdentification(server.db, created.id, String(validApplication().primaryApplicantPersonalIdentificationNumber));
    return created;
  }

  async function dispatchCount(id: number): Promise<number> {
    const result = await server.db.query<{ n: string | number }>('SELECT count(*) AS n FROM lender_dispatches WHERE application_id = $1', [id]);
    return Number(result.rows[0].n);
  }

  async function rowCount(): Promise<number> {
    const result = await server.db.query<{ n: string | number }>('SELECT count(*) AS n FROM applications');
    return Number(result.rows[0].n);
  }

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('POST save (create)', () => {
    it('stores a valid step 1 and answers a numeric id and a 256-bit token, stored only as its hash', async () => {
      const answer = await post(url('/save'), { ...STEP1_BODY, browser: 'Firefox', device: 'desktop', source: 'google', landingUrl: 'https://lainavertailu.fi/?amount=15000' });
      expect(answer.status).toBe(200);
      const { id, token } = answer.body as { id: number; token: string };
      expect(Number.isInteger(id)).toBe(true);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const row = await storedRow(server.db, id);
      expect(row).toMatchObject({ product: 'kulutusluotto', brand: 'lainavertailu', step: 1, status: 'draft', finalized_at: null });
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(token);
      const data = JSON.parse(row!.data as string) as Data;
      expect(data).toMatchObject({ loanPurposeId: 16, inputAppliedAmount: 15000, inputAppliedTenor: 8, appliedTenor: 96 });
      expect(JSON.parse(row!.tracking as string)).toEqual({ browser: 'Firefox', device: 'desktop', channelId: 'google', landingUrl: 'https://lainavertailu.fi/?amount=15000' });
      expect(JSON.parse(row!.additional_form_data as string)).toEqual({ step: 1, hasCoApplicant: false });
    });

    it('takes the channel under its spec name channelId (source is an alias) and refuses the two disagreeing', async () => {
      const { id } = await create({ ...STEP1_BODY, channelId: 'newsletter' });
      expect(JSON.parse((await storedRow(server.db, id))!.tracking as string)).toEqual({ channelId: 'newsletter' });
      const same = await create({ ...STEP1_BODY, channelId: 'google', source: 'google' });
      expect(JSON.parse((await storedRow(server.db, same.id))!.tracking as string)).toEqual({ channelId: 'google' });
      const before = await rowCount();
      const conflict = await post(url('/save'), { ...STEP1_BODY, channelId: 'google', source: 'bing' });
      expect(conflict.status).toBe(400);
      expect(conflict.body).toMatchObject({ type: 'BAD_REQUEST' });
      expect(await rowCount()).toBe(before);
    });

    it('gives every application its own token', async () => {
      const a = await create();
      const b = await create();
      expect(a.id).not.toBe(b.id);
      expect(a.token).not.toBe(b.token);
    });

    it('prunes fields the document hides', async () => {
      // Co-applicant fields are hidden without a co-applicant.
      const { id } = await create({ ...STEP1_BODY, coApplicantFirstnames: 'Matti' });
      const data = JSON.parse((await storedRow(server.db, id))!.data as string) as Data;
      expect(data).not.toHaveProperty('coApplicantFirstnames');
    });

    it('refuses invalid step 1 data with the Finnish messages of the form document, storing nothing', async () => {
      const before = await rowCount();
      const answer = await post(url('/save'), { ...STEP1_BODY, inputAppliedAmount: 100 });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ type: 'VALIDATION_ERROR', errors: { inputAppliedAmount: 'Vähintään 500' } });
      expect(await rowCount()).toBe(before);
    });

    it('checks every visible field of steps 1..step', async () => {
      const answer = await post(url('/save'), { ...STEP1_BODY, additionalFormData: { step: 2, hasCoApplicant: false } });
      expect(answer.status).toBe(400);
      const errors = (answer.body as { errors: Record<string, string> }).errors;
      expect(errors.primaryApplicantFirstnames).toBe('Pakollinen tieto');
      expect(errors.primaryApplicantPersonalIdentificationNumber).toBe('Pakollinen tieto');
      // Step 4 is not being left yet.
      expect(errors).not.toHaveProperty('primaryApplicantGrossMonthlyIncome');
    });

    it('takes the variant from brand and product: kattokorko has a higher minimum, yhdistelylaina a fixed purpose', async () => {
      const kattokorko = await post(url('/save'), { ...STEP1_BODY, inputAppliedAmount: 1500, brand: 'kattokorko' });
      expect(kattokorko.body).toEqual({ type: 'VALIDATION_ERROR', errors: { inputAppliedAmount: 'Vähintään 2000' } });
      const lainavertailu = await create({ ...STEP1_BODY, inputAppliedAmount: 1500 });
      expect((await storedRow(server.db, lainavertailu.id))!.brand).toBe('lainavertailu');

      const consolidation = await post(url('/save'), { ...STEP1_BODY, product: 'yhdistelylaina' });
      expect(consolidation.status).toBe(400);
      expect((consolidation.body as { errors: Data }).errors).toHaveProperty('loanPurposeId');
      const { id } = await create({ ...STEP1_BODY, loanPurposeId: 19, inputAppliedAmount: 8000, product: 'yhdistelylaina', brand: 'kattokorko' });
      expect(await storedRow(server.db, id)).toMatchObject({ product: 'yhdistelylaina', brand: 'kattokorko' });
    });

    it('refuses an unknown brand or product', async () => {
      for (const extra of [{ brand: 'muu' }, { product: 'asuntolaina' }, { brand: 7 }]) {
        const answer = await post(url('/save'), { ...STEP1_BODY, ...extra });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ type: 'BAD_REQUEST' });
      }
    });

    it('merges loan lists sent in additionalFormData into the form data and sums them', async () => {
      const { primaryApplicantOtherLoanInput, ...rest } = validApplication();
      const { id } = await create({ ...rest, additionalFormData: { step: 5, hasCoApplicant: false, primaryApplicantOtherLoanInput } });
      const data = JSON.parse((await storedRow(server.db, id))!.data as string) as Data;
      expect(data.primaryApplicantOtherLoanInput).toEqual(primaryApplicantOtherLoanInput);
      expect(data.primaryApplicantOtherLoan).toBe(5000);
      expect(data.primaryApplicantMonthlyPaymentOtherLoan).toBe(150);
    });

    it('reports a field error inside a loan list row by its row path', async () => {
      const application = validApplication();
      const answer = await post(url('/save'), saveBody({ ...application, primaryApplicantOtherLoanInput: [{ loan: 5000, monthlyPayment: 150 }, { loan: 100, monthlyPayment: 200 }] }, 5));
      expect(answer.status).toBe(400);
      expect(Object.keys((answer.body as { errors: Data }).errors)).toEqual(['primaryApplicantOtherLoanInput.1.monthlyPayment']);
    });

    it('refuses the same field given twice with different values', async () => {
      const answer = await post(url('/save'), { ...STEP1_BODY, additionalFormData: { step: 1, hasCoApplicant: true } });
      expect(answer.status).toBe(400);
      expect((answer.body as { message: string }).message).toContain('hasCoApplicant');
    });

    it('names unknown fields, at the top level and in additionalFormData', async () => {
      const answer = await post(url('/save'), { ...STEP1_BODY, favouriteColour: 'blue', additionalFormData: { step: 1, sneaky: true } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ type: 'UNKNOWN_FIELDS', fields: ['favouriteColour', 'additionalFormData.sneaky'] });
      expect((answer.body as { message: string }).message).toContain('favouriteColour');
    });

    it('needs additionalFormData.step between 1 and 7 when creating', async () => {
      for (const additionalFormData of [undefined, {}, { step: 0 }, { step: 8 }, { step: 1.5 }, { step: '1' }]) {
        const answer = await post(url('/save'), { ...step1, additionalFormData });
        expect(answer.status, JSON.stringify(additionalFormData)).toBe(400);
      }
      expect((await post(url('/save'), { ...STEP1_BODY, finalize: 1 })).status).toBe(400);
    });

    it('refuses tracking fields of the wrong type', async () => {
      for (const extra of [{ browser: 5 }, { referrer: { a: 1 } }, { gaData: [1, 2] }, { source: 'x'.repeat(5000) }, { finalize: 'yes' }]) {
        const answer = await post(url('/save'), { ...STEP1_BODY, ...extra });
        expect(answer.status, JSON.stringify(extra)).toBe(400);
      }
    });
  });

  describe('POST save/{id}/{token} (update)', () => {
    it('stores the next steps and answers the text success', async () => {
      const { id, token } = await create();
      const answer = await post(url(`/save/${id}/${token}`), saveBody(validApplication(), 7));
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('success');
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
      const row = await storedRow(server.db, id);
      expect(row).toMatchObject({ step: 7, status: 'draft' });
      expect(JSON.parse(row!.data as string)).toMatchObject({ primaryApplicantLastname: 'Meikäläinen', primaryApplicantIbanNumber: 'FI2112345600000785' });
    });

    it('keeps what the body leaves out and clears a field sent as null', async () => {
      const { id, token } = await create(saveBody(validApplication(), 4));
      expect((await post(url(`/save/${id}/${token}`), { inputAppliedAmount: 20000, additionalFormData: { step: 1 } })).text).toBe('success');
      let data = JSON.parse((await storedRow(server.db, id))!.data as string) as Data;
      expect(data).toMatchObject({ inputAppliedAmount: 20000, appliedAmount: 20000, primaryApplicantFirstnames: 'Maija' });

      const cleared = await post(url(`/save/${id}/${token}`), { inputAppliedAmount: null, additionalFormData: { step: 1 } });
      expect(cleared.body).toEqual({ type: 'VALIDATION_ERROR', errors: { inputAppliedAmount: 'Pakollinen tieto' } });
      data = JSON.parse((await storedRow(server.db, id))!.data as string) as Data;
      expect(data.inputAppliedAmount).toBe(20000);
    });

    it('validates with the variant fixed at creation and refuses a change of brand or product', async () => {
      const { id, token } = await create({ ...STEP1_BODY, brand: 'kattokorko', inputAppliedAmount: 5000 });
      const tooSmall = await post(url(`/save/${id}/${token}`), { inputAppliedAmount: 1500, additionalFormData: { step: 1 } });
      expect(tooSmall.body).toEqual({ type: 'VALIDATION_ERROR', errors: { inputAppliedAmount: 'Vähintään 2000' } });
      const before = await storedRow(server.db, id);
      for (const extra of [{ brand: 'lainavertailu' }, { product: 'yhdistelylaina' }]) {
        const answer = await post(url(`/save/${id}/${token}`), { ...extra, additionalFormData: { step: 1 } });
        expect(answer.status).toBe(400);
      }
      expect((await post(url(`/save/${id}/${token}`), { brand: 'kattokorko', additionalFormData: { step: 1 } })).text).toBe('success');
      expect((await storedRow(server.db, id))!.brand).toBe(before!.brand);
    });

    it('changes nothing when validation fails', async () => {
      const { id, token } = await create();
      const before = await storedRow(server.db, id);
      const answer = await post(url(`/save/${id}/${token}`), saveBody({ ...validApplication(), primaryApplicantIbanNumber: 'FI2112345600000786' }, 7));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ type: 'VALIDATION_ERROR', errors: { primaryApplicantIbanNumber: expect.any(String) } });
      expect(await storedRow(server.db, id)).toEqual(before);
    });

    it('answers a wrong id, a wrong token and a malformed one with the same 404', async () => {
      const { id, token } = await create();
      const other = await create();
      const before = await storedRow(server.db, id);
      const body = saveBody(validApplication(), 2);
      const answers = await Promise.all([
        post(url(`/save/${id}/${other.token}`), body),
        post(url(`/save/${id + 100000}/${token}`), body),
        post(url(`/save/${id}/${token.slice(0, -1)}`), body),
        post(url(`/save/abc/${token}`), body),
        post(url(`/save/0/${token}`), body),
        post(url(`/save/${id}/${'x'.repeat(200)}`), body),
        post(url(`/save/${'9'.repeat(30)}/${token}`), body),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({ type: 'NOT_FOUND' });
      }
      expect(answers[0].text).toBe(answers[1].text);
      expect(answers[0].text).toBe(answers[2].text);
      expect(await storedRow(server.db, id)).toEqual(before);

      // A path that is not even valid percent-encoding is a bad request; the answer does not echo it.
      const badUrl = await post(url(`/finalize/${id}/${token.slice(0, 30)}%E0%A4%A`));
      expect(badUrl.status).toBe(400);
      expect(badUrl.body).toMatchObject({ type: 'BAD_REQUEST' });
      expect(badUrl.text).not.toContain(token.slice(0, 30));
    });

    it('finalizes with step 0 and finalize set, and refuses either one without the other', async () => {
      const { id, token } = await identifiedAtStep7();
      expect((await post(url(`/save/${id}/${token}`), { additionalFormData: { step: 0 } })).status).toBe(400);
      expect((await post(url(`/save/${id}/${token}`), { finalize: 1, additionalFormData: { step: 7 } })).status).toBe(400);
      expect((await storedRow(server.db, id))!.status).toBe('draft');
      const answer = await post(url(`/save/${id}/${token}`), { finalize: 1, additionalFormData: { step: 0 } });
      expect(answer.text).toBe('success');
      expect(await storedRow(server.db, id)).toMatchObject({ status: 'finalized', step: 0 });
      expect(await dispatchCount(id)).toBeGreaterThan(0);
    });

    it('refuses a finalizing save before identification with 409, storing nothing and leaving the draft usable', async () => {
      const { id, token } = await create(saveBody(validApplication(), 7));
      const before = await storedRow(server.db, id);
      const answer = await post(url(`/save/${id}/${token}`), { inputAppliedAmount: 20000, finalize: 1, additionalFormData: { step: 0 } });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ type: 'APPLICATION_STATE_MISMATCH', parties: ['PRIMARY'] });
      expect(await storedRow(server.db, id)).toEqual(before);
      expect(await dispatchCount(id)).toBe(0);
      expect((await post(url(`/save/${id}/${token}`), saveBody(validApplication(), 7))).text).toBe('success');
    });

    it('refuses to change a finalized application with 409', async () => {
      const { id, token } = await identifiedAtStep7();
      expect((await post(url(`/finalize/${id}/${token}`))).text).toBe('success');
      const before = await storedRow(server.db, id);
      const answer = await post(url(`/save/${id}/${token}`), saveBody(validApplication(), 7));
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ type: 'ALREADY_FINALIZED', message: expect.stringContaining('viimeistelty') });
      expect(await storedRow(server.db, id)).toEqual(before);
    });

    it('handles a co-applicant application through step 6', async () => {
      const application = validApplicationWithCoApplicant();
      const { id, token } = await create(saveBody(application, 1));
      const answer = await post(url(`/save/${id}/${token}`), saveBody(application, 6));
      expect(answer.text).toBe('success');
      const data = JSON.parse((await storedRow(server.db, id))!.data as string) as Data;
      expect(data).toMatchObject({ hasCoApplicant: true, coApplicantFirstnames: 'Matti' });
    });

    it('serialises concurrent updates of one application', async () => {
      const { id, token } = await create();
      const amounts = [2000, 3000, 4000, 5000, 6000, 7000];
      const answers = await Promise.all(amounts.map((amount) => post(url(`/save/${id}/${token}`), { inputAppliedAmount: amount, additionalFormData: { step: 1 } })));
      expect(answers.map((answer) => answer.text)).toEqual(amounts.map(() => 'success'));
      const data = JSON.parse((await storedRow(server.db, id))!.data as string) as Data;
      expect(amounts).toContain(data.inputAppliedAmount);
      expect(data.appliedAmount).toBe(data.inputAppliedAmount);
    });

    const LIVE_FORMS_READ = /\bFROM (live_forms|form_releases)\b/;

    /** Runs `during` with every statement (in a transaction too) and transaction the app starts counted; `onStatement` may act after one outside a transaction ran. */
    async function counted(during: () => Promise<void>, onStatement?: (sql: string) => Promise<void>): Promise<{ statements: string[]; transactions: number }> {
      const statements: string[] = [];
      let transactions = 0;
      const { query, transaction } = server.db;
      server.db.query = (async (sql: string, params?: readonly unknown[]) => {
        // The live forms' refresh (every 2 s of any request's) is the process's, not the save's.
        if (!LIVE_FORMS_READ.test(sql)) statements.push(sql);
        const result = await query.call(server.db, sql, params);
        await onStatement?.(sql);
        return result;
      }) as typeof query;
      server.db.transaction = ((fn: Parameters<typeof transaction>[0]) => {
        transactions++;
        return transaction.call(server.db, (tx) =>
          fn({
            ...tx,
            query: (sql, params) => {
              statements.push(sql);
              return tx.query(sql, params);
            },
          }),
        );
      }) as typeof transaction;
      try {
        await during();
      } finally {
        Object.assign(server.db, { query, transaction });
      }
      return { statements, transactions };
    }

    // Issue 31 goal 4: every applicant saves at every step. The token, the session and the row
    // come from one statement, the write is one more, and no transaction holds the row (on
    // PGlite: the whole database) while the form validates.
    it('saves with two statements and no transaction', async () => {
      const { id, token } = await create();
      const { statements, transactions } = await counted(async () => {
        expect((await post(url(`/save/${id}/${token}`), saveBody(validApplication(), 7))).text).toBe('success');
      });
      expect(statements).toHaveLength(2);
      expect(transactions).toBe(0);
      expect(JSON.parse((await storedRow(server.db, id))!.data as string)).toMatchObject({ primaryApplicantLastname: 'Meikäläinen' });

      // A refused save is answered from the one read: nothing written.
      const refused = await counted(async () => {
        expect((await post(url(`/save/${id}/${token}`), { inputAppliedAmount: 'paljon', additionalFormData: { step: 1 } })).status).toBe(400);
        expect((await post(url(`/save/${id}/${'A'.repeat(43)}`), saveBody(validApplication(), 7))).status).toBe(404);
      });
      expect(refused.statements).toHaveLength(2);
      expect(refused.transactions).toBe(0);
    });

    // The write lands only on the row version the checks saw: an application cancelled between
    // the save's read and its write is refused as a cancelled one, and keeps what it had.
    it('refuses a save when the application was cancelled after the save read it, storing nothing', async () => {
      const { id, token } = await create();
      const before = JSON.parse((await storedRow(server.db, id))!.data as string) as Data;
      let cancelled = false;
      const { transactions } = await counted(
        async () => {
          const answer = await post(url(`/save/${id}/${token}`), { inputAppliedAmount: 20000, additionalFormData: { step: 1 } });
          expect(answer.status).toBe(409);
          expect(answer.body).toMatchObject({ type: 'APPLICATION_CANCELLED' });
        },
        async (sql) => {
          if (cancelled || !/FROM applications WHERE id = \$1$/.test(sql.trim())) return;
          cancelled = true;
          await server.db.query('UPDATE applications SET cancelled_at = now() WHERE id = $1', [id]);
        },
      );
      expect(cancelled).toBe(true);
      // Checked again under the row lock, where the cancellation is seen.
      expect(transactions).toBe(1);
      const row = await storedRow(server.db, id);
      expect(JSON.parse(row!.data as string)).toEqual(before);
      expect((await server.db.query('SELECT cancelled_at FROM applications WHERE id = $1', [id])).rows[0]).toMatchObject({ cancelled_at: expect.anything() });
    });
  });

  describe('POST finalize/{id}/{token}', () => {
    it('refuses an application nobody identified with 409 and leaves it a draft that can still be updated', async () => {
      const { id, token } = await create(saveBody(validApplication(), 7));
      const before = await storedRow(server.db, id);
      const answer = await post(url(`/finalize/${id}/${token}`));
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ type: 'APPLICATION_STATE_MISMATCH', message: expect.stringContaining('tunnistau') });
      expect(await storedRow(server.db, id)).toEqual(before);
      expect(await dispatchCount(id)).toBe(0);
      expect((await post(url(`/save/${id}/${token}`), saveBody({ ...validApplication(), inputAppliedAmount: 16000 }, 7))).text).toBe('success');
    });

    it('sends an identified application to the lenders; a second call answers the same and changes nothing', async () => {
      const { id, token } = await identifiedAtStep7();
      const answer = await post(url(`/finalize/${id}/${token}`));
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('success');
      const row = await storedRow(server.db, id);
      expect(row).toMatchObject({ status: 'finalized', step: 0 });
      expect(row!.finalized_at).not.toBeNull();
      expect((await post(url(`/finalize/${id}/${token}`))).text).toBe('success');
      expect(await storedRow(server.db, id)).toEqual(row);
    });

    it('accepts no body, an empty JSON body, and {}', async () => {
      for (const [body, headers] of [
        ['', { 'content-type': 'application/json' }],
        ['{}', { 'content-type': 'application/json' }],
        [undefined, {}],
      ] as const) {
        const { id, token } = await identifiedAtStep7();
        const answer = await post(url(`/finalize/${id}/${token}`), body, headers);
        expect(answer.text, JSON.stringify([body, headers])).toBe('success');
      }
    });

    it('refuses a body with content, and an incomplete application, changing nothing', async () => {
      const { id, token } = await create(saveBody(validApplication(), 7));
      expect((await post(url(`/finalize/${id}/${token}`), { step: 0 })).status).toBe(400);
      expect((await post(url(`/finalize/${id}/${token}`), 'x'.repeat(5000), { 'content-type': 'application/json' })).status).toBe(413);
      // Not JSON at all (issue 24 item 5: a form any page can post).
      expect((await post(url(`/finalize/${id}/${token}`), ' ', { 'content-type': 'text/plain' })).status).toBe(415);

      const incomplete = await create();
      const before = await storedRow(server.db, incomplete.id);
      const answer = await post(url(`/finalize/${incomplete.id}/${incomplete.token}`));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ type: 'VALIDATION_ERROR', errors: { primaryApplicantFirstnames: 'Pakollinen tieto' } });
      expect(await storedRow(server.db, incomplete.id)).toEqual(before);
      expect((await storedRow(server.db, id))!.status).toBe('draft');
    });

    it('answers a wrong token with 404', async () => {
      const { id } = await create(saveBody(validApplication(), 7));
      const answer = await post(url(`/finalize/${id}/${'A'.repeat(43)}`));
      expect(answer.status).toBe(404);
      expect((await storedRow(server.db, id))!.status).toBe('draft');
    });
  });

  describe('bad requests', () => {
    it('answers malformed JSON, empty and non-object bodies with 400, wrong content types with 415, and a clear message', async () => {
      const cases: Array<[string, string, Record<string, string>, string, number?]> = [
        ['malformed', '{"loanPurposeId": 16,', { 'content-type': 'application/json' }, 'INVALID_JSON'],
        ['prototype pollution', '{"__proto__": {"admin": true}}', { 'content-type': 'application/json' }, 'INVALID_JSON'],
        // 415 since issue 24 item 5 (400 before): a body any page could post cross-site.
        ['text/plain', JSON.stringify(STEP1_BODY), { 'content-type': 'text/plain' }, 'UNSUPPORTED_CONTENT_TYPE', 415],
        ['form encoded', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' }, 'UNSUPPORTED_CONTENT_TYPE', 415],
        ['empty', '', { 'content-type': 'application/json' }, 'EMPTY_BODY'],
        ['array', '[1, 2]', { 'content-type': 'application/json' }, 'BAD_REQUEST'],
        ['string', '"text"', { 'content-type': 'application/json' }, 'BAD_REQUEST'],
        ['null', 'null', { 'content-type': 'application/json' }, 'BAD_REQUEST'],
      ];
      const { id, token } = await create();
      for (const path of ['/save', `/save/${id}/${token}`]) {
        for (const [name, body, headers, type, status = 400] of cases) {
          const answer = await post(url(path), body, headers);
          expect(answer.status, `${path} ${name}`).toBe(status);
          expect(answer.body, `${path} ${name}`).toEqual({ type, message: expect.stringMatching(/\S/) });
        }
      }
      expect((await post(url('/save'))).status).toBe(400);
    });

    it('answers a body over 64 KiB with 413', async () => {
      const answer = await post(url('/save'), { ...STEP1_BODY, browser: 'x'.repeat(70 * 1024) });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ type: 'PAYLOAD_TOO_LARGE' });
    });

    it('refuses text PostgreSQL cannot store and absurd nesting with 400, not 500', async () => {
      const bodies = [
        JSON.stringify({ ...STEP1_BODY, browser: 'a\u0000b' }),
        '{"browser": "\\udc00", "additionalFormData": {"step": 1}}',
        `{"gaData": ${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}}`,
        `{"gaData": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
      ];
      for (const body of bodies) {
        const answer = await post(url('/save'), body);
        expect(answer.status).toBe(400);
      }
    });

    // json-logic-js throws when a rule coerces an object with `toString`/`valueOf` keys;
    // the engine treats such a rule as not holding, and the field's type error refuses it.
    it('refuses objects with toString/valueOf keys in rule-driving fields without an engine error', async () => {
      const logged = server.rawLogs.length;
      for (const field of ['hasCoApplicant', 'loanPurposeId']) {
        const answer = await post(url('/save'), { ...STEP1_BODY, additionalFormData: { step: 1 }, [field]: { toString: 1, valueOf: 1 } });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ type: 'VALIDATION_ERROR' });
      }
      expect(server.rawLogs.slice(logged).filter((line) => line.includes('"level":50'))).toEqual([]);
    });

    it('answers unknown paths with a JSON 404', async () => {
      const answer = await get(`${server.url}/api/nothing-here`);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ type: 'NOT_FOUND' });
    });
  });

  describe('other endpoints', () => {
    it('GET /api/health reports the database', async () => {
      const answer = await get(`${server.url}/api/health`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 'ok', database: { status: 'ok', kind: target.name } });
    });

    it('GET /api/postal-codes/{zip} answers the Finnish town of a home-address code', async () => {
      expect((await get(`${server.url}/api/postal-codes/00100`)).body).toEqual({ postalCode: '00100', town: 'Helsinki' });
      expect((await get(`${server.url}/api/postal-codes/13100`)).body).toEqual({ postalCode: '13100', town: 'Hämeenlinna' });
      expect((await get(`${server.url}/api/postal-codes/65100`)).body).toEqual({ postalCode: '65100', town: 'Vaasa' });
      expect((await get(`${server.url}/api/postal-codes/99999`)).body).toEqual({ postalCode: '99999', town: 'Korvatunturi' });
      // 70101 is a PO box code, 00022 a company code: not home addresses.
      for (const zip of ['70101', '00022', '12345']) expect((await get(`${server.url}/api/postal-codes/${zip}`)).status).toBe(404);
      expect((await get(`${server.url}/api/postal-codes/0010`)).status).toBe(400);
      expect((await get(`${server.url}/api/postal-codes/abcde`)).status).toBe(400);
    });

    it('serves a Finnish page at / while the pages are not built, under a strict CSP', async () => {
      const answer = await get(`${server.url}/`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.text).toContain('lang="fi"');
      expect(answer.text).toContain('sivuja ei ole vielä rakennettu');
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('serves built pages with the application shell for /hakemus/* routes', async () => {
      const dist = mkdtempSync(join(tmpdir(), 'lv-dist-'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
      writeFileSync(join(dist, 'app.js'), 'console.log(1)');
      const pages = await startApp(server.db, { staticDir: dist });
      try {
        expect((await get(`${pages.url}/`)).text).toContain('shell');
        expect((await get(`${pages.url}/hakemus/kulutusluotto/2/1/abc`)).text).toContain('shell');
        expect((await get(`${pages.url}/app.js`)).text).toBe('console.log(1)');
        expect((await get(`${pages.url}/missing.js`)).status).toBe(404);
        expect((await get(`${pages.url}/api/health`)).status).toBe(200);
      } finally {
        await pages.close();
        rmSync(dist, { recursive: true, force: true });
      }
    });

    it('rate-limits creating applications per client when configured', async () => {
      const limited = await startApp(server.db, { createRateLimit: { max: 2, timeWindowMs: 60_000 } });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) statuses.push((await post(`${limited.url}${API}/save`, STEP1_BODY)).status);
        expect(statuses).toEqual([200, 200, 429]);
        const answer = await post(`${limited.url}${API}/save`, STEP1_BODY);
        expect(answer.body).toMatchObject({ type: 'RATE_LIMITED', message: expect.stringMatching(/\S/) });
      } finally {
        await limited.close();
      }
    });
  });
});

describe('when the database fails', () => {
  const broken: Database = {
    kind: 'postgres',
    query: () => Promise.reject(new Error('connection refused: secret detail')),
    exec: () => Promise.reject(new Error('connection refused')),
    transaction: () => Promise.reject(new Error('connection refused')),
    close: async () => {},
  };
  let running: RunningApp;
  beforeAll(async () => {
    running = await startApp(broken);
  });
  afterAll(async () => {
    await running?.close();
  });

  it('health answers 503 and a save 500 with a generic Finnish message, the cause only in the log', async () => {
    const health = await get(`${running.url}/api/health`);
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'error', database: { status: 'error', kind: 'postgres' } });
    const save = await post(`${running.url}${API}/save`, STEP1_BODY);
    expect(save.status).toBe(500);
    expect(save.body).toEqual({ type: 'INTERNAL_ERROR', message: 'Jotain meni vikaan. Yritä uudelleen.' });
    expect(running.rawLogs.some((line) => line.includes('"level":50') && line.includes('connection refused'))).toBe(true);
  });
});
