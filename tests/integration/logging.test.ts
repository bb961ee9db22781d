// The server's log of real saves carries no token, identity code, IBAN or income.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { maskUrl } from '../../src/server/logging.ts';
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

it('masks the token segment of application paths and token query parameters', () => {
  expect(maskUrl('/api/lainavertailu22/consumer-applications/save/12/abcDEF_-')).toBe('/api/lainavertailu22/consumer-applications/save/12/[REDACTED]');
  expect(maskUrl('/hakemus/kulutusluotto/3/12/abcDEF?source=x&token=secret')).toBe('/hakemus/kulutusluotto/3/12/[REDACTED]?source=x&token=%5BREDACTED%5D');
  expect(maskUrl('/api/postal-codes/00100')).toBe('/api/postal-codes/00100');
  expect(maskUrl('/api/auth/visma/12/tok/method')).toBe('/api/auth/visma/12/[REDACTED]/method');
});
