// Settings from the environment, checked once at start so a typo fails loudly.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readIdentitySettings, type IdentitySettings } from './identity/settings.ts';

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL server; when absent, embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  createRateLimit: { max: number; timeWindowMs: number } | false;
  trustProxy: boolean;
  staticDir: string;
  /** Multiplies the simulated lenders' answer delays (3–15 s at 1). */
  lenderDelayScale: number;
  /** The development outbox and helpers; on unless NODE_ENV=production, DEV_TOOLS=0/1 overrides. */
  devTools: boolean;
  /** Where one-time codes are mailed from; required in production. */
  smtp?: { url: string; from: string; smsGatewayDomain?: string };
  /** Strong identification: a broker by OIDC_* settings, or the development provider. */
  identity: IdentitySettings;
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
  const perMinute = integer(env, 'RATE_LIMIT_CREATE_PER_MINUTE', 60, 0, 1_000_000);
  return {
    port,
    host: env.HOST?.trim() || 'localhost',
    databaseUrl,
    dataDir: resolve(env.DATA_DIR?.trim() || 'data'),
    logLevel,
    createRateLimit: perMinute === 0 ? false : { max: perMinute, timeWindowMs: 60_000 },
    trustProxy: ['1', 'true', 'yes'].includes((env.TRUST_PROXY ?? '').trim().toLowerCase()),
    staticDir: resolve(env.STATIC_DIR?.trim() || `${REPO_ROOT}/dist`),
    lenderDelayScale: lenderDelayScale(env),
    ...mailSettings(env),
    identity: readIdentitySettings(env, (message) => {
      throw new ConfigError(message);
    }),
  };
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
function lenderDelayScale(env: NodeJS.ProcessEnv): number {
  const raw = env.LENDER_DELAY_SCALE?.trim();
  if (!raw) return env.NODE_ENV === 'production' ? 1 : 0.3;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 100) throw new ConfigError(`LENDER_DELAY_SCALE must be a number 0–100, got "${raw}"`);
  return value;
}

/** One-time codes must reach real inboxes in production: without SMTP it does not start. */
export function mailSettings(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'devTools' | 'smtp'> {
  const production = env.NODE_ENV?.trim() === 'production';
  const flag = env.DEV_TOOLS?.trim();
  if (flag && flag !== '0' && flag !== '1') throw new ConfigError(`DEV_TOOLS must be 0 or 1, got "${flag}"`);
  const devTools = flag ? flag === '1' : !production;
  const url = env.SMTP_URL?.trim() || undefined;
  const from = env.MAIL_FROM?.trim() || undefined;
  if (url && !/^smtps?:\/\//.test(url)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  if (url && !from) throw new ConfigError('MAIL_FROM is required when SMTP_URL is set (e.g. "Lainavertailu <noreply@lainavertailu.fi>")');
  // DEV_TOOLS=1 is the one way round it (the e2e server runs a production build): codes then stay in the dev outbox.
  if (production && !url && !devTools) {
    throw new ConfigError('SMTP_URL and MAIL_FROM are required when NODE_ENV=production: one-time login codes are sent by e-mail');
  }
  const smsGatewayDomain = env.SMS_GATEWAY_DOMAIN?.trim() || undefined;
  return { devTools, smtp: url && from ? { url, from, smsGatewayDomain } : undefined };
}
