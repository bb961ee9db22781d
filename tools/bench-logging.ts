// `npx tsx tools/bench-logging.ts`: the cost of log redaction per request, in process,
// with the lines written to a no-op stream. A "request" is what Fastify does for each
// one: a child logger with the request id, 'incoming request', one line of the route's
// own, 'request completed'. A "careless line" logs a whole application with a
// co-applicant as `{ body }`, which redaction must catch. Designs compared:
//   - none: no redaction (the floor);
//   - pino paths, before: pino `redact` with the hand-written list of before issue 12
//     item 6 (22 keys) at depths 1–4 (`key`, `*.key`, `*.*.key`, `*.*.*.key`);
//   - pino paths, documents: the same design with every key the documents mark now;
//   - shipped: createLogger() (one Set walk per line, top-level pino paths).
// Settings: BENCH_ROUNDS (default 3, interleaved; the median is printed), BENCH_SECONDS
// (default 0.5 per design, scenario and round).
import pino, { type Logger } from 'pino';
import { validApplicationWithCoApplicant } from '../tests/fixtures/consumer-valid.ts';
import { createLogger, maskUrl, REDACT_DEPTH, sensitiveKeys } from '../src/server/logging.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 0.5);

const LEGACY_KEYS = [
  'token',
  'applicationToken',
  'otp',
  'password',
  'authorization',
  'cookie',
  'personalId',
  'hetu',
  'personal_identity_code',
  'codeVerifier',
  'nonce',
  'recipient',
  'primaryApplicantEmail',
  'primaryApplicantMobilephone',
  ...['primaryApplicant', 'coApplicant'].flatMap((who) =>
    ['PersonalIdentificationNumber', 'IbanNumber', 'GrossMonthlyIncome', 'NetMonthlyIncome', 'SpouseGrossMonthlyIncome'].map((field) => `${who}${field}`),
  ),
];

const sink = { write: (_line: string) => {} };
const serializers = {
  req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: maskUrl(req.url), remoteAddress: req.ip }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};
const pathsAtDepths = (keys: Iterable<string>) => [...keys].flatMap((key) => Array.from({ length: REDACT_DEPTH }, (_, depth) => [...Array<string>(depth).fill('*'), key].join('.')));
const withPaths = (paths: string[] | undefined): Logger => pino({ level: 'info', serializers, ...(paths ? { redact: { paths, censor: '[REDACTED]' } } : {}) }, sink);

const documentKeys = sensitiveKeys();
const designs: Array<{ name: string; paths: number; logger: Logger }> = [
  { name: 'none', paths: 0, logger: withPaths(undefined) },
  { name: 'pino paths, before', paths: pathsAtDepths(LEGACY_KEYS).length, logger: withPaths(pathsAtDepths(LEGACY_KEYS)) },
  { name: 'pino paths, documents', paths: pathsAtDepths(documentKeys).length, logger: withPaths(pathsAtDepths(documentKeys)) },
  { name: 'shipped (Set walk)', paths: documentKeys.size, logger: createLogger({ level: 'info', destination: sink }) },
];

const req = { method: 'POST', url: '/api/lainavertailu22/consumer-applications/save/123/abcdefABCDEF0123456789abcdefABCD', ip: '127.0.0.1' };
const body = validApplicationWithCoApplicant();

/** Runs `batch` (which does `size` operations) for about SECONDS; operations per second. */
function rate(size: number, batch: () => void): number {
  const start = process.hrtime.bigint();
  const until = start + BigInt(Math.round(SECONDS * 1e9));
  let done = 0;
  let now = start;
  while (now < until) {
    batch();
    done += size;
    now = process.hrtime.bigint();
  }
  return done / (Number(now - start) / 1e9);
}

let id = 0;
const requests = (logger: Logger) =>
  rate(50, () => {
    for (let i = 0; i < 50; i++, id++) {
      // What Fastify does per request (lib/route.js: a child with the request id and empty options).
      const child = logger.child({ reqId: `req-${id}` }, {});
      child.info({ req }, 'incoming request');
      child.info({ applicationId: id }, 'application updated');
      child.info({ res: { statusCode: 200 }, responseTime: 3.2 }, 'request completed');
    }
  });
const careless = (logger: Logger) =>
  rate(20, () => {
    for (let i = 0; i < 20; i++, id++) logger.info({ body, applicationId: id }, 'a careless log line');
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = new Map(designs.map((d) => [d.name, { requests: [] as number[], careless: [] as number[] }]));
for (let round = -1; round < ROUNDS; round++) {
  for (const design of designs) {
    // Round -1 warms up.
    const r = requests(design.logger);
    const c = careless(design.logger);
    if (round >= 0) {
      results.get(design.name)!.requests.push(r);
      results.get(design.name)!.careless.push(c);
    }
  }
}

console.log(`log redaction: ${ROUNDS} interleaved rounds of ${SECONDS} s per design and scenario (medians), lines to a no-op stream`);
const floor = median(results.get('none')!.requests);
for (const design of designs) {
  const { requests: r, careless: c } = results.get(design.name)!;
  const perRequest = 1e6 / median(r) - 1e6 / floor;
  console.log(
    `${design.name.padEnd(24)} ${String(design.paths).padStart(4)} ${design.name.startsWith('shipped') ? 'keys ' : 'paths'}  ${median(r).toFixed(0).padStart(7)} requests/s  (+${Math.max(0, perRequest).toFixed(2)} µs per request over none)  ${median(c).toFixed(0).padStart(7)} careless lines/s`,
  );
}
