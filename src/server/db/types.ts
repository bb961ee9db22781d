export interface QueryResult<Row> {
  rows: Row[];
  /** Rows returned, or for INSERT/UPDATE/DELETE without RETURNING the rows affected. */
  rowCount: number;
}

/** The one seam between the server and SQL: PGlite and a PostgreSQL server behind it alike. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
