// Issue 24 items 2 and 3 over real HTTP on a real database: the attacks, replayed.
// - Anyone who knows a person's identity code could plant applications in that person's
//   customer area: a business application sent with the victim's code and the attacker's
//   contacts and IBAN (finalized at once, nobody identifies), or a consumer draft typed with
//   the code. The area shows and acts only on what the person proved: identified for, or a
//   business loan they sent logged in with their own code.
// - An offer could be accepted through its link after the customer cancelled: the link route
//   read 'cancelled?' without a lock, outside the transaction that accepts. Every accept now
//   locks the application inside that transaction; a second connection holding a row lock
//   drives the interleavings (PostgreSQL server only: PGlite has one connection, where every
//   transaction runs alone and no interleaving exists).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerDueDispatches, dispatchApplication } from '../../src/server/marketplace/dispatcher.ts';
import { DevOutbox } from '../../src/server/notify/notifier.ts';
import { validBusiness } from '../fixtures/business-valid.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { logIn, storeApplication } from './helpers/customer.ts';
import { Browser, type Answer, startTestServer, type TestServer } from './helpers/server.ts';

type Data = Record<string, unknown>;
type Credentials = { id: number; token: string };

const CONSUMER_API = '/api/lainavertailu22/consumer-applications';
const BUSINESS_API = '/api/business-applications';

const ANNA = { ssn: personalIdOfAge(44, 232), phone: '0441230001', email: 'anna.asiakas@example.fi' };
const CARLA = { ssn: personalIdOfAge(39, 618), phone: '0441230003', email: 'carla.kolmas@example.fi' };
/** The attacker's own contacts and account, on applications made with someone else's identity code. */
const MALLORY = { phone: '0449998888', email: 'mallory@example.fi', iban: 'FI2150000120000004' };

/** A business application with the person's identity code, phone and e-mail. */
const businessOf = (person: typeof ANNA): Data => ({
  ...validBusiness(),
  primaryApplicantPersonalIdentificationNumber: person.ssn,
  primaryApplicantMobilephone: person.phone,
  primaryApplicantEmail: person.email,
});

function as(person: typeof ANNA, data: Data): Data {
  return {
    ...data,
    primaryApplicantPersonalIdentificationNumber: person.ssn,
    primaryApplicantMobilephone: person.phone,
    primaryApplicantMobilephone2: person.phone,
    primaryApplicantEmail: person.email,
    primaryApplicantEmail2: person.email,
  };
}

describeOnDatabases('the customer area acts only on what the person proved, and no accept follows a cancel (issue 24)', (target) => {
  let server: TestServer;
  const outbox = new DevOutbox(() => {});
  const url = (path: string) => `${server.url}${path}`;
  const anna = new Browser();
  const carla = new Browser();
  const mallory = new Browser();
  let annas: Credentials;

  /** Answers every due lender dispatch, however far in the future. */
  const answerAll = async () => {
    while ((await answerDueDispatches(server.db, { now: new Date(Date.now() + 3_600_000) })) > 0);
  };
  /** An application of `person` they identified for, sent to the lenders, every lender answered. */
  async function sentWithOffers(person: typeof ANNA): Promise<Credentials> {
    const application = await storeApplication(server.db, 'kulutusluotto', as(person, validApplication()), 'identified');
    await dispatchApplication(server.db, application.id, { delayScale: 0 });
    await answerAll();
    return application;
  }
  const offersOf = async (applicationId: number) =>
    (await server.db.query<{ id: number | string }>('SELECT id FROM offers WHERE application_id = $1 ORDER BY id', [applicationId])).rows.map((row) => Number(row.id));
  /** What the attacks must leave as it was: the application, its offers and their acceptances, its dispatches. */
  const stored = async (applicationId: number) => ({
    application: (await server.db.query('SELECT status, cancelled_at, marketing_ban_at FROM applications WHERE id = $1', [applicationId])).rows,
    offers: (await server.db.query('SELECT id, accepted_at FROM offers WHERE application_id = $1 ORDER BY id', [applicationId])).rows,
    acceptances: (await server.db.query('SELECT a.id FROM offer_acceptances a JOIN offers o ON o.id = a.offer_id WHERE o.application_id = $1', [applicationId])).rows,
    dispatches: (await server.db.query('SELECT id, status FROM lender_dispatches WHERE application_id = $1 ORDER BY id', [applicationId])).rows,
  });
  const overview = async (browser: Browser) => {
    const answer = await browser.get(url('/api/applications'));
    expect(answer.status, answer.text).toBe(200);
    return answer.body as { latestApplication: { applicationId: number; applicationType: string } | null; previousApplications: Array<{ applicationId: number }> };
  };
  const listed = async (browser: Browser) => {
    const { latestApplication, previousApplications } = await overview(browser);
    return [latestApplication?.applicationId, ...previousApplications.map((application) => application.applicationId)];
  };

  beforeAll(async () => {
    server = await startTestServer(target, { devTools: true, notifier: outbox, lenderDelayScale: 0 });
    annas = await sentWithOffers(ANNA);
    await storeApplication(server.db, 'kulutusluotto', as(CARLA, validApplication()), 'identified');
    await logIn(server.url, anna, outbox, { loginSsn: ANNA.ssn, loginPhone: ANNA.phone }, ANNA.email);
    await logIn(server.url, carla, outbox, { loginSsn: CARLA.ssn, loginPhone: CARLA.phone }, CARLA.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Every way the area could show or act on `planted`, refused, with nothing stored changed and the rest as it was. */
  async function expectNotHers(planted: Credentials, before: { overview: unknown; user: unknown; latestOffers: unknown }): Promise<void> {
    const untouched = await stored(planted.id);
    expect(await overview(anna)).toEqual(before.overview);
    expect(await listed(anna)).not.toContain(planted.id);
    expect((await anna.get(url('/api/applications/latest-offers'))).body).toEqual(before.latestOffers);
    expect((await anna.get(url('/api/user'))).body).toEqual(before.user);
    const offers = await anna.get(url(`/api/applications/${planted.id}/offers`));
    expect(offers.status).toBe(404);
    for (const offerId of [...(await offersOf(planted.id)), 1]) {
      const accept = await anna.post(url('/api/applications/accept'), { applicationId: planted.id, offerId });
      expect(accept.status, accept.text).toBe(404);
    }
    const cancel = await anna.post(url('/api/applications/cancel'), { applicationId: planted.id });
    expect(cancel.status, cancel.text).toBe(404);
    expect(cancel.body).toMatchObject({ type: 'NOT_FOUND' });
    expect(await stored(planted.id)).toEqual(untouched);
    // Her details saved with the marketing ban: the ban is on what she proved, not on this.
    const user = before.user as Data;
    expect((await anna.post(url('/api/user'), { ...user, hasMarketingBan: true })).status).toBe(200);
    expect(await stored(planted.id)).toEqual(untouched);
    expect((await anna.post(url('/api/user'), { ...user, hasMarketingBan: false })).status).toBe(200);
  }

  const snapshot = async () => ({
    overview: await overview(anna),
    user: (await anna.get(url('/api/user'))).body,
    latestOffers: (await anna.get(url('/api/applications/latest-offers'))).body,
  });

  it('a business application anyone sends with her identity code and their own contacts and IBAN is not hers', async () => {
    const before = await snapshot();
    expect(before.overview.latestApplication?.applicationId).toBe(annas.id);
    const created = await mallory.post(url(`${BUSINESS_API}/create`), {
      ...validBusiness(),
      primaryApplicantPersonalIdentificationNumber: ANNA.ssn,
      primaryApplicantMobilephone: MALLORY.phone,
      primaryApplicantEmail: MALLORY.email,
      ibanNumber: MALLORY.iban,
    });
    expect(created.status, created.text).toBe(200);
    const planted = created.body as Credentials;
    await answerAll();
    expect((await offersOf(planted.id)).length).toBeGreaterThan(0);
    await expectNotHers(planted, before);
    expect((await server.db.query('SELECT customer_proved_at FROM applications WHERE id = $1', [planted.id])).rows[0].customer_proved_at).toBeNull();
  });

  it('a consumer application someone types her identity code into is not hers', async () => {
    const before = await snapshot();
    const created = await mallory.post(url(`${CONSUMER_API}/save`), {
      ...validApplication(),
      primaryApplicantPersonalIdentificationNumber: ANNA.ssn,
      primaryApplicantMobilephone: MALLORY.phone,
      primaryApplicantMobilephone2: MALLORY.phone,
      primaryApplicantEmail: MALLORY.email,
      primaryApplicantEmail2: MALLORY.email,
      primaryApplicantIbanNumber: MALLORY.iban,
      additionalFormData: { step: 7, hasCoApplicant: false },
    });
    expect(created.status, created.text).toBe(200);
    await expectNotHers(created.body as Credentials, before);
  });

  it('a business loan a customer sends logged in with their own identity code is theirs; with another\'s, nobody\'s', async () => {
    const own = await carla.post(url(`${BUSINESS_API}/create`), businessOf(CARLA));
    expect(own.status, own.text).toBe(200);
    const { id } = own.body as Credentials;
    expect((await overview(carla)).latestApplication).toMatchObject({ applicationId: id, applicationType: 'BUSINESS' });
    expect((await carla.get(url(`/api/applications/${id}/offers`))).status).toBe(200);

    // Logged in as herself, Carla sends one with Anna's identity code: not Carla's, and not Anna's.
    const before = await snapshot();
    const other = await carla.post(url(`${BUSINESS_API}/create`), businessOf(ANNA));
    expect(other.status, other.text).toBe(200);
    const planted = other.body as Credentials;
    expect(await listed(carla)).not.toContain(planted.id);
    await expectNotHers(planted, before);
  });

  // --- Item 3: accept and cancel, serialized on the application's row. ---

  const interleaving = target.name === 'postgres' ? describe : describe.skip;
  interleaving(`accept and cancel under a held row lock${target.name === 'postgres' ? '' : ' — needs a second connection; PGlite has one'}`, () => {
    /** Backends of this database waiting for a lock. */
    const lockWaiters = async () =>
      Number((await server.db.query<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n);

    /** Waits until `done()` holds (checked every few milliseconds; a generous bound only against a hang). */
    async function until(done: () => Promise<boolean> | boolean): Promise<void> {
      for (let round = 0; round < 2000; round += 1) {
        if (await done()) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the condition never held');
    }

    /** A request on its way, and whether it has been answered yet. */
    function fire(request: Promise<Answer>) {
      let settled = false;
      const answer = request.finally(() => {
        settled = true;
      });
      return { answer, settled: () => settled };
    }

    /** Holds a row lock on a connection of its own until `release` is called. */
    async function hold(sql: string, id: number) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = server.db.transaction(async (tx) => {
        await tx.query(sql, [id]);
        locked();
        await released;
      });
      await isLocked;
      return {
        /** Runs `body` while the lock is held, then releases it, whatever `body` came to (a failed check must not leave it held). */
        async during<T>(body: () => Promise<T>): Promise<T> {
          try {
            return await body();
          } finally {
            release();
            await holder;
          }
        },
      };
    }

    const accepts = {
      'by link': (application: Credentials, offerId: number) => mallory.post(url(`${CONSUMER_API}/offers/${application.id}/${application.token}`), { offerId }),
      'in the customer area': (application: Credentials, offerId: number) => anna.post(url('/api/applications/accept'), { applicationId: application.id, offerId }),
    };

    for (const [path, accept] of Object.entries(accepts)) {
      it(`${path}: an accept held up on its offer keeps the cancel waiting until it is recorded (the probe)`, async () => {
        const application = await sentWithOffers(ANNA);
        const [offerId] = await offersOf(application.id);
        const lock = await hold('SELECT id FROM offers WHERE id = $1 FOR UPDATE', offerId);
        const accepted = fire(accept(application, offerId));
        const cancelled = await lock.during(async () => {
          await until(async () => accepted.settled() || (await lockWaiters()) >= 1);
          const cancel = fire(anna.post(url('/api/applications/cancel'), { applicationId: application.id }));
          await until(async () => cancel.settled() || (await lockWaiters()) >= 2);
          // The accept holds the application: the cancel waits for it rather than answering under it.
          expect(cancel.settled()).toBe(false);
          expect(accepted.settled()).toBe(false);
          return cancel;
        });
        const [acceptAnswer, cancelAnswer] = await Promise.all([accepted.answer, cancelled.answer]);
        expect(acceptAnswer.status, acceptAnswer.text).toBe(200);
        expect(cancelAnswer.status, cancelAnswer.text).toBe(200);
        // Accepted, then cancelled: the cancel waited for the accept's transaction (checked above).
        const after = await stored(application.id);
        expect(after.application[0].cancelled_at).not.toBeNull();
        // From now on, refused.
        const again = await accept(application, offerId);
        expect(again.status, again.text).toBe(409);
        expect(again.body).toMatchObject({ type: 'APPLICATION_CANCELLED' });
        expect(await stored(application.id)).toEqual(after);
      });

      it(`${path}: an accept arriving while a cancel waits is refused (409) once the cancel is recorded, with nothing accepted`, async () => {
        const application = await sentWithOffers(ANNA);
        const [offerId] = await offersOf(application.id);
        const before = await stored(application.id);
        const lock = await hold('SELECT id FROM applications WHERE id = $1 FOR UPDATE', application.id);
        const cancelled = fire(anna.post(url('/api/applications/cancel'), { applicationId: application.id }));
        const accepted = await lock.during(async () => {
          await until(async () => cancelled.settled() || (await lockWaiters()) >= 1);
          const waiting = fire(accept(application, offerId));
          await until(async () => waiting.settled() || (await lockWaiters()) >= 2);
          // The accept waits its turn behind the cancel instead of answering around it.
          expect(waiting.settled()).toBe(false);
          return waiting;
        });
        const [cancelAnswer, acceptAnswer] = await Promise.all([cancelled.answer, accepted.answer]);
        expect(cancelAnswer.status, cancelAnswer.text).toBe(200);
        expect(acceptAnswer.status, acceptAnswer.text).toBe(409);
        expect(acceptAnswer.body).toMatchObject({ type: 'APPLICATION_CANCELLED' });
        const after = await stored(application.id);
        expect(after.application[0].cancelled_at).not.toBeNull();
        // Nothing accepted: the offers and their acceptances as they were.
        expect(after.offers).toEqual(before.offers);
        expect(after.acceptances).toEqual([]);
      });
    }
  });
});
