// The embedded database on its own thread (issue 13 goal 5): db/index.ts starts this
// worker for a PGlite data directory, so that opening the database (about 0.4 s of
// PostgreSQL starting in WebAssembly) runs on another core while the main thread loads
// the server's packages and registers its routes; queries then run here too, next to
// the HTTP work instead of in its way.
// Plain JavaScript, loaded from the sources by the bundle and by the tests alike.
//
// Messages from db/index.ts, answered in kind `{ id, ok: true, value } | { id, ok: false, error }`:
//   { id, op: 'query', sql, params, tx? }  { id, op: 'exec', sql, tx? }
//   { id, op: 'begin' }  (value: the transaction's number)  { id, op: 'end', tx, commit }
//   { id, op: 'close' }
// The first message the worker posts is the answer to id 0: the database is open, or why not.
// A transaction is PGlite's own (pglite.transaction): its queries carry its number, and
// other queries wait for it as they would on one thread.
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

/** An error as plain data: its message, name and stack, and its own fields that are plain values (SQLSTATE `code`, `detail`, `constraint`…). */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, message: error.message, name: error.name, stack: error.stack };
}

const answer = (id, work) =>
  work.then(
    (value) => parentPort.postMessage({ id, ok: true, value }),
    (error) => parentPort.postMessage({ id, ok: false, error: plainError(error) }),
  );

/** Thrown into a transaction's callback to roll it back; never leaves the worker. */
const ROLLBACK = Symbol('rollback');

let pglite;
let prepared;
try {
  // Loaded here, not above, so that a failure to load is the answer to id 0 like any other.
  const { PGlite } = await import('@electric-sql/pglite');
  const { preparedQueries } = await import('./pglite-prepared.mjs');
  mkdirSync(workerData.dataDir, { recursive: true });
  pglite = await PGlite.create(workerData.dataDir);
  prepared = preparedQueries(pglite);
  parentPort.postMessage({ id: 0, ok: true });
} catch (error) {
  // db/index.ts ends the thread.
  parentPort.postMessage({ id: 0, ok: false, error: plainError(error) });
}

/** Open transactions by number: PGlite's transaction object, and how to end it. */
const transactions = new Map();
let nextTransaction = 1;

async function run({ op, sql, params, tx }) {
  const target = tx === undefined ? pglite : transactions.get(tx)?.tx;
  if (!target) throw new Error(`no open transaction ${tx}`);
  if (op === 'query') {
    const result = await prepared.query(sql, params, tx !== undefined);
    // PGlite reports affectedRows 0 for a SELECT; pg's rowCount counts the rows returned.
    return { rows: result.rows, rowCount: result.rows.length || (result.affectedRows ?? 0) };
  }
  await target.exec(sql);
  return undefined;
}

/** Resolves with the transaction's number once BEGIN ran; the transaction lasts until `end`. */
function begin() {
  const number = nextTransaction++;
  return new Promise((begun, failed) => {
    const done = pglite.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          transactions.set(number, { tx, commit, rollback, done });
          begun(number);
        }),
    );
    // Until begun, a failure is the BEGIN's; after it, `end` reports it.
    done.catch((error) => failed(error));
  });
}

async function end({ tx, commit }) {
  const open = transactions.get(tx);
  if (!open) throw new Error(`no open transaction ${tx}`);
  transactions.delete(tx);
  if (commit) open.commit();
  else open.rollback(ROLLBACK);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

if (pglite) parentPort.on('message', (message) => {
  switch (message.op) {
    case 'query':
    case 'exec':
      return void answer(message.id, run(message));
    case 'begin':
      return void answer(message.id, begin());
    case 'end':
      return void answer(message.id, end(message));
    case 'close':
      // db/index.ts ends the thread once this is answered.
      return void answer(message.id, pglite.close());
    default:
      return void answer(message.id, Promise.reject(new Error(`unknown operation ${message.op}`)));
  }
});
