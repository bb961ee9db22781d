// The development identity provider's keys and client secret, made once and kept in the
// database (migration 042), so an identification started before a restart, or on another
// instance on the same database, still completes: the same signing key signs the ID tokens,
// the same cookie keys sign its cookies, and the same client secret both authenticates our
// client and keys the sealing of the application token in identification_requests.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import type { IdentitySettings } from './settings.ts';

export interface DevelopmentKeys {
  clientSecret: string;
  /** oidc-provider's cookie signing keys (keygrip), newest first. */
  cookieKeys: string[];
  /** The private RSA signing key as a JWK, with kid, use and alg. */
  signingKey: Record<string, unknown>;
}

/**
 * The stored keys; the first caller on a new database makes them. Two instances starting
 * at once may both make a set: `ON CONFLICT DO NOTHING` keeps the first row committed and
 * both read that one back.
 */
export async function developmentKeys(db: Queryable): Promise<DevelopmentKeys> {
  const stored = await readKeys(db);
  if (stored) return stored;
  const fresh = generateKeys();
  await db.query(
    `INSERT INTO dev_identity_provider_keys (id, client_secret, cookie_keys, signing_key)
     VALUES (1, $1, $2::jsonb, $3::jsonb) ON CONFLICT (id) DO NOTHING`,
    [fresh.clientSecret, JSON.stringify(fresh.cookieKeys), JSON.stringify(fresh.signingKey)],
  );
  const kept = await readKeys(db);
  if (!kept) throw new Error('the development identity provider keys were not stored');
  return kept;
}

/**
 * Identification settings with the development client secret from the database in place of
 * the per-start one `readIdentitySettings` makes; a broker's settings are returned as they are.
 * Call it after the migrations and before buildApp (main.ts does): the identity routes derive
 * their sealing key from `clientSecret` when they are registered.
 */
export async function resolveDevelopmentSecrets(db: Queryable, settings: IdentitySettings): Promise<IdentitySettings> {
  if (settings.mode !== 'development') return settings;
  const { clientSecret } = await developmentKeys(db);
  return { ...settings, clientSecret };
}

async function readKeys(db: Queryable): Promise<DevelopmentKeys | undefined> {
  const result = await db.query<{ client_secret: string; cookie_keys: string[] | string; signing_key: Record<string, unknown> | string }>(
    `SELECT client_secret, cookie_keys, signing_key FROM dev_identity_provider_keys WHERE id = 1`,
  );
  const row = result.rows[0];
  if (!row) return undefined;
  const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return { clientSecret: row.client_secret, cookieKeys: json(row.cookie_keys), signingKey: json(row.signing_key) };
}

function generateKeys(): DevelopmentKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    clientSecret: randomBytes(32).toString('base64url'),
    cookieKeys: [randomBytes(32).toString('base64url')],
    signingKey: { ...privateKey.export({ format: 'jwk' }), kid: 'dev-1', use: 'sig', alg: 'RS256' },
  };
}
