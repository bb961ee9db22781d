// Attaches the wire contract (src/contract) to every /api route as it is registered, in one
// onRoute hook, so the route files stay as they are (docs/adr/0009-wire-contract.md): Fastify
// then validates requests and serializes answers (fast-json-stringify: a field the schema
// does not name never leaks) with the contract's schemas. An /api route without an entry
// stops the server starting. Pages (everything outside /api) are not part of the contract.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { contract, type RouteKey } from '../contract/routes.ts';
import { sharedSchemas } from '../contract/shared.ts';

export class MissingContract extends Error {
  constructor(readonly route: string) {
    super(`no wire contract for ${route} (add it to src/contract/routes.ts)`);
  }
}

/**
 * Our own Ajv: no coercion, no defaults, nothing removed, so what is validated is exactly what
 * the handler reads and stores (Fastify's default would coerce "15000" to 15000 and drop
 * unknown fields, changing what is stored and hiding mistakes the handlers refuse).
 */
export function contractValidator(): Ajv {
  const ajv = new Ajv({ coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: false, strict: false });
  addFormats(ajv);
  for (const schema of sharedSchemas) ajv.addSchema(schema);
  return ajv;
}

// Compiled once per process and shape: many routes share a part (the credentials in the path,
// the offers query, the error body), and every app a test builds has the same routes. Without
// this, building the app took about 200 ms longer.
const validators = new Map<string, ValidateFunction>();
const serializers = new Map<string, (value: unknown) => string>();
let ajv: Ajv | undefined;
const externalSchemas = Object.fromEntries(sharedSchemas.map((schema) => [schema.$id, schema]));

function validatorOf(schema: object): ValidateFunction {
  const text = JSON.stringify(schema);
  let validate = validators.get(text);
  if (!validate) validators.set(text, (validate = (ajv ??= contractValidator()).compile(schema)));
  return validate;
}

/** fast-json-stringify, as Fastify's own serializer compiler uses it, with the shared shapes. */
function serializerOf(schema: object): (value: unknown) => string {
  const text = JSON.stringify(schema);
  let serialize = serializers.get(text);
  if (!serialize) serializers.set(text, (serialize = fastJsonStringify(schema as Schema, { schema: externalSchemas as Record<string, Schema> })));
  return serialize;
}

/** How many request validators and answer serializers this process has compiled (tests: none is left for the server's ready). */
export const contractCompilations = () => ({ validators: validators.size, serializers: serializers.size });

/** Ajv's errors as Fastify's FST_ERR_VALIDATION (errors.ts answers it). */
function validationError(errors: ErrorObject[] | null | undefined): Error {
  const error = new Error('body refused by the contract') as Error & { validation: ErrorObject[]; validationContext: string; statusCode: number; code: string };
  error.validation = errors ?? [];
  error.validationContext = 'body';
  error.statusCode = 400;
  error.code = 'FST_ERR_VALIDATION';
  return error;
}

/** The contract's key of a route: exact, or `{api}` for a product API prefix of the catalogue. */
export function contractKey(method: string, url: string, apiPrefixes: readonly string[]): RouteKey | undefined {
  const verb = method === 'HEAD' ? 'GET' : method;
  const path = url.length > 1 ? url.replace(/\/$/, '') : url;
  const exact = `${verb} ${path}`;
  if (Object.hasOwn(contract, exact)) return exact as RouteKey;
  for (const prefix of apiPrefixes) {
    if (!path.startsWith(`${prefix}/`)) continue;
    const key = `${verb} {api}${path.slice(prefix.length)}`;
    if (Object.hasOwn(contract, key)) return key as RouteKey;
  }
  return undefined;
}

/**
 * Registers the shared schemas, our validator, and the hook; call on the root before any route.
 * `apiPrefixes`: the catalogue's product API prefixes (longest first is not needed: a key must exist).
 */
export function registerContract(app: FastifyInstance, apiPrefixes: readonly string[]): void {
  for (const schema of sharedSchemas) app.addSchema(schema);
  app.setSerializerCompiler(({ schema }) => serializerOf(schema as object));
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validate = validatorOf(schema as object);
    if (httpPart !== 'body') return validate;
    // No body at all (Fastify hands it over as null) is the handler's to answer: some calls take
    // none, the others say emptyBody or notAnObject as they did.
    return (data: unknown) => (data === null || data === undefined || validate(data) ? true : { error: validationError(validate.errors) });
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') && route.url !== '/api') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const keys = methods.map((method) => contractKey(method, route.url, apiPrefixes));
    const key = keys[0];
    if (!key || keys.some((other) => other !== key)) throw new MissingContract(`${methods.join(',')} ${route.url}`);
    // A copy per route: Fastify marks and normalizes the schemas it is given, and the entries share parts.
    route.schema = { ...structuredClone(schemaOf(key)), ...route.schema };
    compileAhead(route.schema);
  });
}

/**
 * Compiles a route's schemas as it is registered, into the caches Fastify's compilers read when
 * the server gets ready: the start registers most routes while the database is still opening on
 * its own thread, so the compiling happens in that wait instead of after it (issue 31 goal 5:
 * about 0.2 s of a start). A schema Fastify hands over in another shape is compiled then, as before.
 */
function compileAhead(schema: FastifySchema): void {
  for (const part of [schema.body, schema.querystring, schema.params, schema.headers]) if (part && typeof part === 'object') validatorOf(part);
  for (const answer of Object.values((schema.response ?? {}) as Record<string, { content?: Record<string, { schema?: object }> }>)) {
    if (!answer || typeof answer !== 'object') continue;
    if (answer.content) for (const media of Object.values(answer.content)) media?.schema && serializerOf(media.schema);
    else serializerOf(answer);
  }
}

/** The Fastify schema of a contract entry (its extra keys, e.g. summary, go to OpenAPI as they are). */
export function schemaOf(key: RouteKey): FastifySchema {
  return contract[key] as unknown as FastifySchema;
}
