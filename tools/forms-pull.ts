// npm run forms:pull [-- --forms <folder>]: writes the live version of every content item from
// the database into forms/ (or the folder given) and names the files that changed, to be
// reviewed and committed. The database is the server's: DATABASE_URL, else the embedded one in
// DATA_DIR (./data), which is one process's: stop the server first.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FORMS_DIR } from '../engine/core/node.ts';
import { ConfigError, readConfig } from '../src/server/config.ts';
import { DataDirLocked } from '../src/server/db/data-dir-lock.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { pullLiveVersions } from '../src/server/versions/pull.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { forms: { type: 'string' } } });
  const formsDir = resolve(values.forms ?? FORMS_DIR);
  const config = readConfig();
  // Pulling must not create an empty embedded database where there was none.
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION'))) {
    console.error(`Tietokantaa ei ole hakemistossa ${config.dataDir} (DATA_DIR tai DATABASE_URL).`);
    return 1;
  }
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    const present = await db.query<{ present: boolean }>(`SELECT to_regclass('content_versions') IS NOT NULL AS present`);
    if (!present.rows[0].present) {
      console.log('Tietokannassa ei ole sisältöversioita: ei muutoksia.');
      return 0;
    }
    const { changed, skipped } = await pullLiveVersions(db, formsDir);
    for (const path of changed) console.log(`muuttui: ${join(formsDir, path)}`);
    for (const item of skipped) console.warn(`ohitettu (ei tiedostoa tälle sisällölle): ${item}`);
    if (changed.length === 0) console.log(`Ei muutoksia: ${formsDir} vastaa julkaistuja versioita.`);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else if (error instanceof DataDirLocked) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
