// Issue 29 item 4: an application stays on the form it was started on. Publishing a form
// (here written straight to the store, as another instance's publish would be) changes
// what new applications are checked with, with no restart; an application started before
// finalizes under its own release, and making the earlier release live again brings its
// behaviour back.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FormDocument } from '../../engine/core/types.ts';
import { shippedProducts } from '../../src/server/applications/products.ts';
import { liveReleases, saveRelease, setLiveRelease } from '../../src/server/forms/releases.ts';
import { DevOutbox } from '../../src/server/notify/notifier.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { API, post, recordBankIdentification, startTestServer, type TestServer } from './helpers/server.ts';

type Data = Record<string, unknown>;
const saveBody = (data: Data, step: number, extra: Data = {}): Data => ({ ...data, additionalFormData: { step, hasCoApplicant: false }, ...extra });

describeOnDatabases('form releases: applications stay on the form they started on', (target) => {
  let server: TestServer;
  const outbox = new DevOutbox(() => {});
  const url = (path: string) => `${server.url}${API}${path}`;
  const release = async (id: number) => (await server.db.query<{ form_release: string | null }>('SELECT form_release FROM applications WHERE id = $1', [id])).rows[0].form_release;

  beforeAll(async () => {
    // Every request reads the live pointers: what another instance published is seen at once.
    server = await startTestServer(target, { formsRefreshMs: 0, notifier: outbox });
    // The start publishes in the background; the first API request waits for it.
    expect((await fetch(`${server.url}/api/forms/live`)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('publishes forms/ at start, stamps new applications, and keeps each on its release', async () => {
    const first = (await liveReleases(server.db)).get('consumer');
    expect(first).toMatch(/^[0-9a-f]{64}$/);

    const amount = Number(validApplication().inputAppliedAmount);
    const started = await post(url('/save'), saveBody(validApplication(), 7));
    expect(started.status, started.text).toBe(200);
    const { id, token } = started.body as { id: number; token: string };
    expect(await release(id)).toBe(first);
    // The answer names it, so the page keeps it for a reload.
    expect((started.body as Data).formRelease).toBe(first);

    // Version 2 raises the amount's minimum above what the application asked for.
    const raised = structuredClone(shippedProducts().fileDocument('consumer')) as FormDocument;
    raised.schema.properties.inputAppliedAmount = { ...raised.schema.properties.inputAppliedAmount, minimum: amount + 5000 };
    const second = await saveRelease(server.db, raised);
    await setLiveRelease(server.db, 'consumer', second);

    const refused = await post(url('/save'), saveBody(validApplication(), 7));
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.body as { errors: Record<string, string> }).errors)).toEqual(['inputAppliedAmount']);
    const bigger = await post(url('/save'), saveBody({ ...validApplication(), inputAppliedAmount: amount + 5000 }, 7));
    expect(bigger.status, bigger.text).toBe(200);
    expect(await release((bigger.body as { id: number }).id)).toBe(second);

    // The application started on version 1 saves and finalizes under version 1.
    expect((await post(url(`/save/${id}/${token}`), saveBody(validApplication(), 7))).text).toBe('success');
    await recordBankIdentification(server.db, id, String(validApplication().primaryApplicantPersonalIdentificationNumber));
    expect((await post(url(`/save/${id}/${token}`), { finalize: 1, additionalFormData: { step: 0 } })).text).toBe('success');
    expect(await release(id)).toBe(first);

    // Version 1 live again: its behaviour is back for new applications.
    await setLiveRelease(server.db, 'consumer', first!);
    const again = await post(url('/save'), saveBody(validApplication(), 7));
    expect(again.status, again.text).toBe(200);
    expect(await release((again.body as { id: number }).id)).toBe(first);
  });

  it('checks an application stored before releases (no release) with the live form', async () => {
    const created = await post(url('/save'), saveBody(validApplication(), 7));
    const { id, token } = created.body as { id: number; token: string };
    await server.db.query('UPDATE applications SET form_release = NULL WHERE id = $1', [id]);
    expect((await post(url(`/save/${id}/${token}`), saveBody(validApplication(), 7))).text).toBe('success');
  });

  /** Resumes with a one-time code, as another browser would: the saved form the page gets. */
  async function resume(id: number, token: string): Promise<Data> {
    const credentials = { applicationId: id, applicationToken: token };
    expect((await post(url('/send-code'), credentials)).status).toBe(200);
    const to = String(validApplication().primaryApplicantEmail);
    const otp = /\b(\d{6})\b/.exec(outbox.list(to)[0]?.text ?? '')?.[1];
    const answer = await post(url('/get/verify-with-otp'), { ...credentials, otp });
    expect(answer.status, answer.text).toBe(200);
    return answer.body as Data;
  }

  it("hands a resumed application its own release, whose module is served though no longer live", async () => {
    const first = (await liveReleases(server.db)).get('consumer')!;
    const started = await post(url('/save'), saveBody(validApplication(), 7));
    const { id, token } = started.body as { id: number; token: string };

    const relabelled = structuredClone(shippedProducts().fileDocument('consumer')) as FormDocument;
    relabelled.labels = { ...relabelled.labels, inputAppliedAmount: 'Haettava summa (uusi)' };
    const second = await saveRelease(server.db, relabelled);
    await setLiveRelease(server.db, 'consumer', second);
    try {
      const saved = await resume(id, token);
      expect(saved.formRelease).toBe(first);
      expect(saved.product).toBe('kulutusluotto');
      const module = await fetch(`${server.url}/forms/${first}/base.js`);
      expect(module.status).toBe(200);
      expect(await module.text()).not.toContain('Haettava summa (uusi)');

      // From before releases: null, and the page follows the live form.
      const old = (await post(url('/save'), saveBody(validApplication(), 7))).body as { id: number; token: string };
      await server.db.query('UPDATE applications SET form_release = NULL WHERE id = $1', [old.id]);
      expect((await resume(old.id, old.token)).formRelease).toBeNull();
    } finally {
      await setLiveRelease(server.db, 'consumer', first);
    }
  });
});
