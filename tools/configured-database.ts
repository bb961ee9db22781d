// The server's database for a command-line tool: DATABASE_URL, else the embedded one in
// DATA_DIR (./data), which is one process's: the server must be stopped. Never creates an
// empty embedded database where there was none. Without one the reason is printed and the
// exit code given: 1 when there is no database, 0 when it has no content versions yet.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, readConfig } from '../src/server/config.ts';
import { DataDirLocked } from '../src/server/db/data-dir-lock.ts';
import { openDatabase, type Database } from '../src/server/db/index.ts';

export async function openContentDatabase(): Promise<{ db: Database } | { exitCode: number }> {
  const config = readConfig();
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION'))) {
    console.error(`Tietokantaa ei ole hakemistossa ${config.dataDir} (DATA_DIR tai DATABASE_URL).`);
    return { exitCode: 1 };
  }
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  const present = await db.query<{ present: boolean }>(`SELECT to_regclass('content_versions') IS NOT NULL AS present`);
  if (!present.rows[0].present) {
    console.log('Tietokannassa ei ole sisältöversioita.');
    await db.close();
    return { exitCode: 0 };
  }
  return { db };
}

/**
 * Runs a tool that works on the content database with the database open for it, then exits with
 * its code; a configuration error or a locked data directory is one line, not a stack.
 */
export function runWithContentDatabase(work: (db: Database) => Promise<number>, { withoutVersions }: { withoutVersions?: number } = {}): void {
  (async () => {
    const opened = await openContentDatabase();
    // A database without content versions is nothing to pull (0), but no version to export.
    if ('exitCode' in opened) return opened.exitCode === 0 ? (withoutVersions ?? 0) : opened.exitCode;
    try {
      return await work(opened.db);
    } finally {
      await opened.db.close();
    }
  })().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
      else if (error instanceof DataDirLocked) console.error(error.message);
      else console.error(error);
      process.exit(1);
    },
  );
}
