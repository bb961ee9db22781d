// `npm start`: read the environment, open and migrate the database, build the app,
// listen, and say where to open it. SIGINT/SIGTERM close the server and the database
// cleanly; an embedded database must not be left half-written.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, readConfig } from './config.ts';
import { shippedProducts } from './applications/products.ts';
import { openDatabase } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { resolveDevelopmentSecrets } from './identity/dev-keys.ts';
import { createLogger } from './logging.ts';
import { personKeys, syncPersonKeys } from './customer/person-keys.ts';
import { startDispatcher } from './marketplace/dispatcher.ts';
import { smtpNotifier } from './notify/smtp.ts';

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel });

  // Compile every product's form for every brand now: a broken document or catalogue
  // stops the start, and the first applicant does not wait for the compiler.
  shippedProducts().warmUp();

  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION'))) {
    console.log(`Creating the embedded database in ${config.dataDir} (first start takes a few seconds)…`);
  }
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  const applied = await migrate(db);
  logger.info({ database: db.kind, migrationsApplied: applied }, 'database ready');

  // The development identity provider's client secret from the database (made by the first
  // instance), so any instance, now or after a restart, finishes what another started.
  const identity = await resolveDevelopmentSecrets(db, config.identity);

  // Issue 17: every application gets the keyed hash of its primary applicant's identity code
  // (rows from before, or all anew when PERSON_KEY_SECRET changed); idempotent, every instance may.
  const personKeyBackfill = await syncPersonKeys(db, personKeys(config.personKeySecret));
  if (personKeyBackfill.updated > 0 || personKeyBackfill.rekeyed) logger.info(personKeyBackfill, 'customer person keys made');

  // Lenders answer from the database queue, so a restart picks up what was left pending.
  const dispatcher = startDispatcher(db, { onError: (error) => logger.error({ err: error }, 'lender dispatch failed') });

  const app = await buildApp({
    db,
    logger,
    staticDir: config.staticDir,
    limits: config.limits,
    trustProxy: config.trustProxy,
    lenderDelayScale: config.lenderDelayScale,
    devTools: config.devTools,
    // With dev tools and no SMTP, app.ts keeps codes in the development outbox.
    notifier: config.smtp ? smtpNotifier(config.smtp) : undefined,
    identity,
    personKeySecret: config.personKeySecret,
  });

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
  else console.error(error);
  process.exit(1);
});
