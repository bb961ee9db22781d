// Settings from the environment, checked once at start so a typo fails loudly.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name} must be an integer ${min}–${max}, got "${raw}"`);
  return value;
}
