// Prepared statements on PGlite (issue 13 goal 4). PGlite's query() parses and plans every
// statement again, which was half the offers poll's time on the embedded database; here each
// statement text is parsed once under a name, and later runs only bind and execute it, as
// node-postgres does with a named query on a PostgreSQL server (db/index.ts). The steps,
// locks, value serializers and result parsing are PGlite's own query() ones, through its
// public protocol API; the statement is named, and each exchange is one call.
// Plain JavaScript: the database thread (pglite-worker.mjs) imports it as well as db/index.ts.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;
/** The server's statement texts are a few dozen; past this many a text runs unnamed, as PGlite's own query() does. */
const STATEMENTS_MAX = 1000;

/**
 * `query(sql, params, inTransaction)` for one PGlite instance. `inTransaction`: the caller
 * holds the instance's transaction (inside `pglite.transaction`), so only the query lock is
 * taken, as PGlite's transaction object does; otherwise the query also waits for any open
 * transaction, as `pglite.query` does.
 * @param {import('@electric-sql/pglite').PGlite} pglite
 */
export function preparedQueries(pglite) {
  /** Statement text → its name and parameter types, once PostgreSQL has parsed it. */
  const statements = new Map();
  let named = 0;
  // Errors come back as messages (PostgreSQL's ErrorResponse, a DatabaseError with its
  // SQLSTATE `code`) and are thrown once the exchange is complete, so the messages of one
  // exchange go to PGlite in one call: each call into WebAssembly has its cost.
  const exchange = async (...messages) => {
    const answers = await pglite.execProtocolStream(concat(messages), { syncToFs: false, throwOnError: false });
    return { answers, error: answers.find((answer) => answer.name === 'error') };
  };
  const SYNC = serialize.sync();

  async function statementOf(sql) {
    const known = statements.get(sql);
    if (known) return known;
    // Past the cap, PGlite's own way: the unnamed statement, parsed for this run only.
    const name = statements.size < STATEMENTS_MAX ? `lv_${named++}` : '';
    const { answers, error } = await exchange(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }));
    if (error) {
      // PostgreSQL skips what follows an error up to the protocol's barrier.
      await exchange(SYNC);
      throw error;
    }
    const statement = { name, types: parse.parseDescribeStatementResults(answers) };
    if (name) statements.set(sql, statement);
    return statement;
  }

  async function run(sql, params) {
    const statement = await statementOf(sql);
    let values;
    try {
      values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = pglite.serializers[statement.types[index]];
        return serializer ? serializer(value) : value.toString();
      });
    } catch (error) {
      await exchange(SYNC);
      throw error;
    }
    const { answers, error } = await exchange(serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), SYNC);
    if (error) throw error;
    return parse.parseResults(answers, pglite.parsers)[0];
  }

  return {
    /** Resolves with PGlite's own result object (rows, affectedRows, fields). */
    async query(sql, params = [], inTransaction = false) {
      if (inTransaction) return pglite._runExclusiveQuery(() => run(sql, params));
      const result = await pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(() => run(sql, params)));
      await pglite.syncToFs();
      return result;
    },
  };
}

function concat(parts) {
  if (parts.length === 1) return parts[0];
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
