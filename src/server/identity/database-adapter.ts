// oidc-provider's storage adapter for the development identity provider, on our database
// (table dev_identity_provider_models, migration 042): interactions, sessions, grants, codes
// and tokens outlive a restart and are seen by every instance on the same database. The
// interface is oidc-provider's (lib/adapters/memory_adapter.js): upsert, find, findByUid,
// findByUserCode, consume, destroy, revokeByGrantId. Same SQL on PGlite and PostgreSQL.
import type { Queryable } from '../db/index.ts';

type Payload = Record<string, unknown>;

/** Models written without an expiry (none of ours, but the interface allows it) live an hour. */
const DEFAULT_TTL_S = 3600;

/** oidc-provider calls this with each model's name (a factory, not a constructor: it carries the database). */
export function databaseAdapter(db: Queryable): (model: string) => DatabaseAdapter {
  return (model) => new DatabaseAdapter(db, model);
}

export class DatabaseAdapter {
  constructor(
    private readonly db: Queryable,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: Payload, expiresIn: number): Promise<void> {
    const now = Date.now();
    // Expired rows of any model go as each interaction is written (a few per identification),
    // so the table never grows without bound.
    if (this.model === 'Interaction') await this.db.query(`DELETE FROM dev_identity_provider_models WHERE expires_at < $1`, [new Date(now).toISOString()]);
    await this.db.query(
      `INSERT INTO dev_identity_provider_models (model, id, payload, uid, user_code, grant_id, expires_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)
       ON CONFLICT (model, id) DO UPDATE
         SET payload = EXCLUDED.payload, uid = EXCLUDED.uid, user_code = EXCLUDED.user_code,
             grant_id = EXCLUDED.grant_id, expires_at = EXCLUDED.expires_at`,
      [
        this.model,
        id,
        JSON.stringify(payload),
        text(payload.uid),
        text(payload.userCode),
        text(payload.grantId),
        new Date(now + (expiresIn > 0 ? expiresIn : DEFAULT_TTL_S) * 1000).toISOString(),
      ],
    );
  }

  find(id: string): Promise<Payload | undefined> {
    return this.one(`id = $2`, id);
  }

  findByUid(uid: string): Promise<Payload | undefined> {
    return this.one(`uid = $2`, uid);
  }

  findByUserCode(userCode: string): Promise<Payload | undefined> {
    return this.one(`user_code = $2`, userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db.query(
      `UPDATE dev_identity_provider_models SET payload = payload || jsonb_build_object('consumed', $3::bigint) WHERE model = $1 AND id = $2`,
      [this.model, id, Math.floor(Date.now() / 1000)],
    );
  }

  async destroy(id: string): Promise<void> {
    await this.db.query(`DELETE FROM dev_identity_provider_models WHERE model = $1 AND id = $2`, [this.model, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.query(`DELETE FROM dev_identity_provider_models WHERE grant_id = $1`, [grantId]);
  }

  private async one(condition: string, value: string): Promise<Payload | undefined> {
    const result = await this.db.query<{ payload: Payload | string }>(
      `SELECT payload FROM dev_identity_provider_models WHERE model = $1 AND ${condition} AND expires_at > $3 LIMIT 1`,
      [this.model, value, new Date().toISOString()],
    );
    const payload = result.rows[0]?.payload;
    return typeof payload === 'string' ? (JSON.parse(payload) as Payload) : payload;
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
