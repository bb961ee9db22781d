// npm run forms:pull [-- --forms <folder>]: writes the live version of every content item from
// the database into forms/ (or the folder given) and names the files that changed, to be
// reviewed and committed. The database is the server's: DATABASE_URL, else the embedded one in
// DATA_DIR (./data), which is one process's: stop the server first.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FORMS_DIR } from '../engine/core/node.ts';
import { pullLiveVersions } from '../src/server/versions/pull.ts';
import { runWithContentDatabase } from './configured-database.ts';

const { values } = parseArgs({ options: { forms: { type: 'string' } } });
const formsDir = resolve(values.forms ?? FORMS_DIR);

runWithContentDatabase(async (db) => {
  const { changed, skipped } = await pullLiveVersions(db, formsDir);
  for (const path of changed) console.log(`muuttui: ${join(formsDir, path)}`);
  for (const item of skipped) console.warn(`ohitettu (ei tiedostoa tälle sisällölle): ${item}`);
  if (changed.length === 0) console.log(`Ei muutoksia: ${formsDir} vastaa julkaistuja versioita.`);
  return 0;
});
