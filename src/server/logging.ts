// Structured logs that never carry a secret or a personal detail. The code never logs
// request bodies; redaction is the second line of defence for anything that slips
// into a log object later, and the URL serializer hides the token that the
// application paths carry.
//
// What is redacted is not listed here field by field: the form documents mark their
// personal fields (`"sensitive": true` in forms/sections/*.json, a document's own
// `sensitive` map; engine/core/sensitive.ts), so a new product's `email`, `phone` or
// `ibanNumber` is redacted with no code change. Only the secrets that are not form
// fields are listed below.
//
// How: the keys are held in a Set and one walk per log call (`formatters.log`)
// replaces their values, at any of the first REDACT_DEPTH levels of the logged
// object, copying only the objects it changes. pino's own `redact` gets the same keys
// as top-level paths only, which covers child loggers' bindings at the cost of one
// property lookup. The alternative, a pino `redact` path per key and depth
// (`key`, `*.key`, `*.*.key`, …), costs time in proportion to the number of paths on
// every request's child logger and on every logged property (tools/bench-logging.ts).
import pino, { type DestinationStream, type Logger } from 'pino';
import { FORMS_DIR, listFormDocuments, readFormDocument } from '../../engine/core/node.ts';
import { sensitiveFields } from '../../engine/core/sensitive.ts';

/** Secrets and personal data that are not form fields: never logged, wherever they sit in a logged object. */
export const SECRET_KEYS: readonly string[] = [
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
];

export const CENSOR = '[REDACTED]';
/** How deep a key is looked for: 1 is the logged object's own keys, 2 their members' keys, and so on. */
export const REDACT_DEPTH = 4;
/** Logged keys that a serializer turns into a fixed shape (below); the walk leaves them to it. */
const SERIALIZED = new Set(['req', 'res', 'err']);

/**
 * The log keys of flat field ids: the id itself, and for a list's row property
 * (`primaryApplicantMortgageInput.*.loan`) the list, which is then redacted whole.
 */
export function logKeysOf(fieldIds: Iterable<string>): string[] {
  return [...new Set([...fieldIds].map((id) => id.split('.')[0]))];
}

const documentKeys = new Map<string, readonly string[]>();

/**
 * The log keys of every form document's sensitive fields in a forms folder, read once
 * per process. Read without the forms:check (the server refuses a document that fails
 * it when it loads its runtime); a file that is not a form document marks nothing.
 */
export function formSensitiveKeys(formsDir = FORMS_DIR): readonly string[] {
  let keys = documentKeys.get(formsDir);
  if (!keys) {
    const fields = listFormDocuments(formsDir).flatMap((id) => {
      // Unchecked, for speed: a document too broken to read names no fields here, and the
      // products' load (which checks every document) stops the start with its findings.
      try {
        const doc = readFormDocument(id, formsDir, { check: false });
        return doc && typeof doc === 'object' && typeof doc.schema === 'object' && Array.isArray(doc.steps) ? sensitiveFields(doc) : [];
      } catch {
        return [];
      }
    });
    keys = Object.freeze(logKeysOf(fields));
    documentKeys.set(formsDir, keys);
  }
  return keys;
}

/** Every key the logger redacts: the fixed secrets, the documents' sensitive fields and any extra field ids. */
export function sensitiveKeys(options: { formsDir?: string; sensitiveFields?: readonly string[] } = {}): Set<string> {
  return new Set([...SECRET_KEYS, ...formSensitiveKeys(options.formsDir), ...logKeysOf(options.sensitiveFields ?? [])]);
}

/** Objects the walk looks into: not those JSON writes through their own `toJSON` (dates, buffers) nor binary views. */
const walkable = (value: object): boolean => typeof (value as { toJSON?: unknown }).toJSON !== 'function' && !ArrayBuffer.isView(value);

/**
 * `value` with the value of every key in `keys` replaced by CENSOR, down to `depth`
 * levels (an array's items are one level); the same object when nothing is replaced,
 * otherwise copies of the objects on the way (the caller's object is never changed).
 */
export function redactKeys<T>(value: T, keys: ReadonlySet<string>, depth = REDACT_DEPTH, skip?: ReadonlySet<string>): T {
  if (depth <= 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const out = redactKeys(item, keys, depth - 1);
      if (out !== item) (copy ??= value.slice())[i] = out;
    }
    return (copy ?? value) as T;
  }
  if (!walkable(value)) return value;
  const source = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(source)) {
    const member = source[key];
    if (member === undefined || skip?.has(key)) continue;
    const out = keys.has(key) ? CENSOR : redactKeys(member, keys, depth - 1);
    if (out !== member) (copy ??= { ...source })[key] = out;
  }
  return (copy ?? value) as T;
}

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

export interface LoggerOptions {
  level?: string;
  destination?: DestinationStream;
  /** The folder whose form documents' sensitive fields are redacted (default forms/). */
  formsDir?: string;
  /** More flat field ids to redact (`email`, `list.*.prop`), e.g. a test fixture document's. */
  sensitiveFields?: readonly string[];
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const keys = sensitiveKeys(options);
  return pino(
    {
      level: options.level ?? 'info',
      // Top-level paths only: they cost a property lookup, and cover child loggers' bindings,
      // which `formatters.log` does not see.
      redact: { paths: [...keys], censor: CENSOR },
      formatters: { log: (object) => redactKeys(object, keys, REDACT_DEPTH, SERIALIZED) },
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
