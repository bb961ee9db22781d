// Settings from the environment, checked once at start so a typo fails loudly.
import { hkdfSync } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readIdentitySettings, type IdentitySettings } from './identity/settings.ts';
import { readStaffSettings, type StaffSettings } from './staff/settings.ts';
import { DEFAULT_LIMITS, type Limit, type LimitSubject, type LimitTable } from './limits/limits.ts';
import { DEVELOPMENT_PERSON_KEY_SECRET } from './customer/person-keys.ts';

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL server; when absent, embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  /** Abuse limits per rule and subject: the defaults of limits/limits.ts, as LIMIT_* and LIMITS change them. */
  limits: LimitTable | false;
  /** Reverse proxies in front of the server, counted from the right of X-Forwarded-For (0: none). */
  trustProxy: number;
  staticDir: string;
  /** Multiplies the simulated lenders' answer delays (3–15 s at 1). */
  lenderDelayScale: number;
  /** The development outbox and helpers; on unless NODE_ENV=production, DEV_TOOLS=0/1 overrides outside production. */
  devTools: boolean;
  /** Where one-time codes are mailed from; required in production. */
  smtp?: { url: string; from: string; smsGatewayDomain?: string };
  /** Strong identification: a broker by OIDC_* settings, or the development provider. */
  identity: IdentitySettings;
  /** Staff login (issue 29 item 7): STAFF_OIDC_* settings, the development staff provider, or none in production. */
  staff: StaffSettings;
  /** Keys the hash customers are found by (issue 17): PERSON_KEY_SECRET, else derived or the development key. */
  personKeySecret: string;
  /** How long a client may take to send its headers and its whole request (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS). */
  timeouts: { headersMs: number; requestMs: number };
  /** The site banners' file (SITE_BANNERS_FILE); forms/content/banners.json when unset. */
  siteBannersFile?: string;
  /** Partner sites that may frame the pages (EMBED_ORIGINS, exact origins); none by default. */
  embedOrigins: string[];
}

const REPO_ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const config = {
    port,
    host: env.HOST?.trim() || 'localhost',
    databaseUrl,
    dataDir: resolve(env.DATA_DIR?.trim() || 'data'),
    logLevel,
    limits: readLimits(env),
    trustProxy: trustedProxies(env),
    staticDir: resolve(env.STATIC_DIR?.trim() || `${REPO_ROOT}/dist`),
    lenderDelayScale: lenderDelayScale(env),
    timeouts: requestTimeouts(env),
    siteBannersFile: env.SITE_BANNERS_FILE?.trim() ? resolve(env.SITE_BANNERS_FILE.trim()) : undefined,
    embedOrigins: embedOrigins(env),
    ...mailSettings(env),
    identity: readIdentitySettings(env, (message) => {
      throw new ConfigError(message);
    }),
    staff: readStaffSettings(env, (message) => {
      throw new ConfigError(message);
    }),
  };
  return { ...config, personKeySecret: personKeySecret(env, config.identity) };
}

/**
 * EMBED_ORIGINS: the partner sites that may show the forms in a frame, as exact origins
 * separated by commas (`https://kumppani.fi,https://www.kumppani.fi`). In production only
 * https; no wildcards, paths or `*` (a frame-ancestors list that says exactly who).
 */
function embedOrigins(env: NodeJS.ProcessEnv): string[] {
  const raw = env.EMBED_ORIGINS?.trim();
  if (!raw) return [];
  const production = env.NODE_ENV?.trim() === 'production';
  return [
    ...new Set(
      raw.split(',').map((entry) => {
        const value = entry.trim();
        let url: URL;
        try {
          url = new URL(value);
        } catch {
          throw new ConfigError(`EMBED_ORIGINS: "${value}" is not an origin such as https://kumppani.fi`);
        }
        if (!['http:', 'https:'].includes(url.protocol) || url.origin !== value.replace(/\/$/, '') || url.hostname.includes('*'))
          throw new ConfigError(`EMBED_ORIGINS: "${value}" must be an exact origin such as https://kumppani.fi (no path, no wildcard)`);
        if (production && url.protocol !== 'https:') throw new ConfigError(`EMBED_ORIGINS: "${value}" must be https in production`);
        return url.origin;
      }),
    ),
  ];
}

/**
 * PERSON_KEY_SECRET keys the hash of identity codes that customers are found by (issue 17:
 * `applications.person_key`, the login's codes and sessions). Without it, a broker's
 * client secret (which production always has) is the root the key is derived from, so that
 * every instance shares it; outside production without a broker, a fixed development key.
 * Changing the key is safe: the next start makes every stored person key anew
 * (customer/person-keys.ts) and ends logged-in sessions.
 */
function personKeySecret(env: NodeJS.ProcessEnv, identity: IdentitySettings): string {
  const raw = env.PERSON_KEY_SECRET?.trim();
  if (raw) {
    if (raw.length < 32) throw new ConfigError('PERSON_KEY_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)');
    return raw;
  }
  if (identity.mode === 'broker') return Buffer.from(hkdfSync('sha256', identity.clientSecret, 'lainavertailu', 'person-key', 32)).toString('base64url');
  return DEVELOPMENT_PERSON_KEY_SECRET;
}

/**
 * TRUST_PROXY: how many reverse proxies of ours stand in front of the server. The client
 * address is the one X-Forwarded-For has just before the addresses they appended; what a
 * client writes further left is never believed. `true`/`yes` (the old switch) is one proxy.
 */
function trustedProxies(env: NodeJS.ProcessEnv): number {
  const raw = (env.TRUST_PROXY ?? '').trim().toLowerCase();
  if (raw === 'true' || raw === 'yes') return 1;
  if (raw === 'false' || raw === 'no') return 0;
  return integer(env, 'TRUST_PROXY', 0, 0, 10);
}

const LIMIT_VALUE = /^(\d{1,9})\/(\d{1,7})s?$/;
const envName = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();

/**
 * The abuse limits: the defaults (limits/limits.ts), each overridable as
 * `LIMIT_<RULE>_<SUBJECT>=<max>/<seconds>` (`LIMIT_SEND_CODE_RECIPIENT=5/3600`) or `0` to
 * turn one off; `LIMITS=off` turns them all off (a load test). RATE_LIMIT_CREATE_PER_MINUTE
 * stays as the older name of LIMIT_CREATE_IP.
 */
export function readLimits(env: NodeJS.ProcessEnv): LimitTable | false {
  const all = env.LIMITS?.trim().toLowerCase();
  if (all === 'off' || all === '0') return false;
  if (all && all !== 'on') throw new ConfigError(`LIMITS must be on or off, got "${env.LIMITS}"`);
  const table: LimitTable = structuredClone(DEFAULT_LIMITS);
  const perMinute = integer(env, 'RATE_LIMIT_CREATE_PER_MINUTE', -1, 0, 1_000_000);
  if (perMinute >= 0) table.create = { ...table.create, ip: perMinute === 0 ? false : { max: perMinute, windowSeconds: 60 } };
  const known = new Map<string, [string, LimitSubject]>();
  for (const rule of Object.keys(DEFAULT_LIMITS)) {
    for (const subject of ['ip', 'application', 'recipient', 'person'] as LimitSubject[]) known.set(`LIMIT_${envName(rule)}_${subject.toUpperCase()}`, [rule, subject]);
  }
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('LIMIT_') || value === undefined) continue;
    const target = known.get(name);
    if (!target) throw new ConfigError(`${name} is not a limit; known: ${[...known.keys()].join(', ')}`);
    const raw = value.trim();
    let limit: Limit | false;
    if (raw === '0' || raw.toLowerCase() === 'off') limit = false;
    else {
      const match = LIMIT_VALUE.exec(raw);
      if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) throw new ConfigError(`${name} must be <max>/<seconds> (e.g. 5/3600) or 0, got "${raw}"`);
      limit = { max: Number(match[1]), windowSeconds: Number(match[2]) };
    }
    table[target[0]] = { ...table[target[0]], [target[1]]: limit };
  }
  return table;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name} must be an integer ${min}–${max}, got "${raw}"`);
  return value;
}

/**
 * Production keeps the lenders' own delays; elsewhere a demo should get its offers in
 * a few seconds, so they answer in 0.3× the time (about 1–4.5 s).
 */
/** Issue 24 item 5: headers within 10 s, the whole request within 30 s, unless set; headers never allowed longer than the request. */
function requestTimeouts(env: NodeJS.ProcessEnv): { headersMs: number; requestMs: number } {
  const headersMs = integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 100, 600_000);
  const requestMs = integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 600_000);
  if (headersMs > requestMs) throw new ConfigError(`HEADERS_TIMEOUT_MS (${headersMs}) must not be longer than REQUEST_TIMEOUT_MS (${requestMs})`);
  return { headersMs, requestMs };
}

function lenderDelayScale(env: NodeJS.ProcessEnv): number {
  const raw = env.LENDER_DELAY_SCALE?.trim();
  if (!raw) return env.NODE_ENV === 'production' ? 1 : 0.3;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 100) throw new ConfigError(`LENDER_DELAY_SCALE must be a number 0–100, got "${raw}"`);
  return value;
}

/**
 * One-time codes must reach real inboxes in production: without SMTP it does not start.
 * Production never runs the development tools (the outbox that shows anyone's codes, the
 * code-expiry helper, the test bank that takes any identity code): DEV_TOOLS=1 there stops
 * the start instead of quietly opening them on a public server.
 */
export function mailSettings(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'devTools' | 'smtp'> {
  const production = env.NODE_ENV?.trim() === 'production';
  const flag = env.DEV_TOOLS?.trim();
  if (flag && flag !== '0' && flag !== '1') throw new ConfigError(`DEV_TOOLS must be 0 or 1, got "${flag}"`);
  if (production && flag === '1') {
    throw new ConfigError('DEV_TOOLS=1 is refused with NODE_ENV=production: the development outbox and test bank must never run on a public server (run without NODE_ENV=production to try them)');
  }
  const devTools = flag ? flag === '1' : !production;
  const url = env.SMTP_URL?.trim() || undefined;
  const from = env.MAIL_FROM?.trim() || undefined;
  if (url && !/^smtps?:\/\//.test(url)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  if (url && !from) throw new ConfigError('MAIL_FROM is required when SMTP_URL is set (e.g. "Lainavertailu <noreply@lainavertailu.fi>")');
  if (production && !url) {
    throw new ConfigError('SMTP_URL and MAIL_FROM are required when NODE_ENV=production: one-time login codes are sent by e-mail');
  }
  const smsGatewayDomain = env.SMS_GATEWAY_DOMAIN?.trim() || undefined;
  return { devTools, smtp: url && from ? { url, from, smsGatewayDomain } : undefined };
}
