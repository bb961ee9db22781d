import type { PGlite, Results } from '@electric-sql/pglite';

export function preparedQueries(pglite: PGlite): {
  query<Row>(sql: string, params?: readonly unknown[], inTransaction?: boolean): Promise<Results<Row>>;
};
