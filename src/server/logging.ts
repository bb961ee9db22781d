// Structured logs that never carry a secret or a personal detail. The code never logs
// request bodies; the redact list is the second line of defence for anything that
// slips into a log object later, and the URL serializer hides the token that the
// application paths carry.
import pino, { type DestinationStream, type Logger } from 'pino';

/** Keys whose values must never reach a log, wherever they sit in a logged object. */
const SENSITIVE_KEYS = [
  'token',
  'applicationToken',
  'otp',
  'password',
  'authorization',
  'cookie',
  // Strong identification (A2): identity codes from a provider, and the OIDC secrets.
  'personalId',
  'hetu',
  'personal_identity_code',
  'codeVerifier',
  'nonce',
  // One-time codes (issue 5, A1): who a code went to.
  'recipient',
  'primaryApplicantEmail',
  'primaryApplicantMobilephone',
  ...['primaryApplicant', 'coApplicant'].flatMap((who) =>
    ['PersonalIdentificationNumber', 'IbanNumber', 'GrossMonthlyIncome', 'NetMonthlyIncome', 'SpouseGrossMonthlyIncome'].map(
      (field) => `${who}${field}`,
    ),
  ),
];

const REDACT_DEPTH = 4;

export const redactPaths: string[] = SENSITIVE_KEYS.flatMap((key) =>
  Array.from({ length: REDACT_DEPTH }, (_, depth) => [...Array<string>(depth).fill('*'), key].join('.')),
);

// code, state, nonce and code_verifier: OpenID Connect secrets on the callback and /dev-idp URLs (A2).
// `to`: the address the dev outbox is read for (A1).
const QUERY_SECRETS = /^(token|applicationToken|otp|code|state|nonce|code_verifier|code_challenge|personalId|to)$/i;

/**
 * `/…/save/123/<token>` → `/…/save/123/[REDACTED]`: a path segment that follows a
 * numeric one is an application token in every route that has both (id, then token).
 */
export function maskUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (/^\d+$/.test(segments[i - 1]) && segments[i] !== '' && !/^\d+$/.test(segments[i])) segments[i] = '[REDACTED]';
    // A token after a malformed id (`/offers/abc/<token>`) is still a token (issue 5, B).
    else if (/^[A-Za-z0-9_-]{32,}$/.test(segments[i]) && !/^[a-z-]+$/.test(segments[i])) segments[i] = '[REDACTED]';
  }
  let masked = segments.join('/');
  if (queryAt !== -1) {
    const params = new URLSearchParams(url.slice(queryAt + 1));
    for (const key of [...params.keys()]) if (QUERY_SECRETS.test(key)) params.set(key, '[REDACTED]');
    masked += `?${params.toString()}`;
  }
  return masked;
}

interface RequestLike {
  method: string;
  url: string;
  ip?: string;
}

export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      redact: { paths: redactPaths, censor: '[REDACTED]' },
      serializers: {
        req: (req: RequestLike) => ({ method: req.method, url: maskUrl(req.url), remoteAddress: req.ip }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        // Message, code and stack only: driver errors carry extra members (a PostgreSQL
        // error's `detail` quotes the offending values).
        err: (err: Error & { code?: unknown }) => ({ type: err.name, message: err.message, code: err.code, stack: err.stack }),
      },
    },
    options.destination,
  );
}
