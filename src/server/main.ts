// `npm start`: read the environment, open and migrate the database, build the app,
// listen, and say where to open it. SIGINT/SIGTERM close the server and the database
// cleanly; an embedded database must not be left half-written.
//
// Issue 13 goal 5, the time to the first answer: the database starts opening first, on its
// own thread for PGlite (db/index.ts), and is migrated and brought up to date while this
// thread loads the server's packages, compiles the forms and registers the routes. Only
// what opening and preparing the database needs is imported up front; the rest is imported
// below, after the database began to open (tools/build-server.mjs puts it in chunks of its
// own, so its packages load then, not before this file runs). Nothing listens before
// both are done.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, readConfig } from './config.ts';
import { DataDirLocked, lockDataDir } from './db/data-dir-lock.ts';
import { openDatabase, whenOpen } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { resolveDevelopmentSecrets } from './identity/dev-keys.ts';
import { personKeys, syncPersonKeys } from './customer/person-keys.ts';

async function main(): Promise<void> {
  const config = readConfig();
  // Issue 24: the embedded database is this process's, or the start ends here, before anything
  // is opened, created or migrated (DataDirLocked names the directory and its holder).
  const lock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  // Also on a failed start or process.exit; a crash leaves nothing that holds (data-dir-lock.ts).
  if (lock) process.on('exit', () => lock.release());

  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION'))) {
    console.log(`Creating the embedded database in ${config.dataDir} (first start takes a few seconds)…`);
  }
  const preparing = (async () => {
    const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir, lock });
    const applied = await migrate(db);
    // The development identity provider's client secret from the database (made by the first
    // instance), so any instance, now or after a restart, finishes what another started.
    const identity = await resolveDevelopmentSecrets(db, config.identity);
    // Issue 17: every application gets the keyed hash of its primary applicant's identity code
    // (rows from before, or all anew when PERSON_KEY_SECRET changed); idempotent, every instance may.
    const personKeyBackfill = await syncPersonKeys(db, personKeys(config.personKeySecret));
    // Issue 29: the files of forms/ that changed since the last start become content versions.
    const { importBaseline } = await import('./versions/baseline.ts');
    const contentImported = await importBaseline(db);
    return { db, applied, identity, personKeyBackfill, contentImported };
  })();
  // A failure is reported once, by the Promise.all below; until then nobody awaits these.
  preparing.catch(() => {});
  const identity = preparing.then(({ identity }) => identity);
  identity.catch(() => {});

  const [{ buildApp }, { shippedProducts }, { createLogger }, { startDispatcher }, { smtpNotifier }, { loadServiceFlows }] = await Promise.all([
    import('./app.ts'),
    import('./applications/products.ts'),
    import('./logging.ts'),
    import('./marketplace/dispatcher.ts'),
    import('./notify/smtp.ts'),
    import('../flows/server-registry.ts'),
  ]);
  const logger = createLogger({ level: config.logLevel });

  // Compile every product's form for every brand now: a broken document or catalogue
  // stops the start, and the first applicant does not wait for the compiler.
  shippedProducts().warmUp();

  const building = buildApp({
    // The app keeps the handle and asks nothing of it before it listens.
    db: whenOpen(config.databaseUrl ? 'postgres' : 'pglite', preparing.then(({ db }) => db)),
    logger,
    staticDir: config.staticDir,
    limits: config.limits,
    trustProxy: config.trustProxy,
    lenderDelayScale: config.lenderDelayScale,
    devTools: config.devTools,
    // With dev tools and no SMTP, app.ts keeps codes in the development outbox.
    notifier: config.smtp ? smtpNotifier(config.smtp) : undefined,
    // Awaited by buildApp after the other routes are registered.
    identity,
    personKeySecret: config.personKeySecret,
    staff: config.staff,
    timeouts: config.timeouts,
    siteBannersFile: config.siteBannersFile,
    embedOrigins: config.embedOrigins,
  });
  const [{ db, applied, personKeyBackfill, contentImported }, app] = await Promise.all([preparing, building]);
  logger.info({ database: db.kind, migrationsApplied: applied }, 'database ready');
  if (contentImported.length > 0) logger.info({ contentImported }, 'content versions imported from forms/');
  if (personKeyBackfill.updated > 0 || personKeyBackfill.rekeyed) logger.info(personKeyBackfill, 'customer person keys made');

  // Lenders answer from the database queue, so a restart picks up what was left pending.
  // The catalogue's services that have a queue of their own (the insurer's answers) are polled with it.
  const services = await loadServiceFlows(shippedProducts().catalogue);
  const queues = services.flatMap(({ flow }) => (flow.answerDue ? [flow.answerDue] : []));
  const dispatcher = startDispatcher(db, { queues, onError: (error) => logger.error({ err: error }, 'dispatch failed') });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    logger.info({ signal }, 'shutting down');
    try {
      await app.close();
      await dispatcher.stop();
      await db.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Bound to every interface, the address to open on this machine is still localhost.
  const shownHost = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`Lainavertailu is running at http://${shownHost}:${port}/ (database: ${where})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof DataDirLocked) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
