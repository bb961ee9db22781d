// Requests made from an OpenAPI 3.1 document (issue 26 item 4): for each operation, values
// its schemas accept (fast-check arbitraries built from the schema) and each schema's
// negative cases (a required field left out, a field of the wrong type, an unknown field,
// a value outside its enum, length or range). Every case is checked against the schema
// with ajv before it is used, so a generator that is only approximate (a pattern fast-check
// cannot build, a keyword not handled here) makes fewer cases, never wrong ones.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';

export type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: boolean | Schema;
};

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

interface Operation {
  parameters?: Array<{ in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: Schema }>;
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

/** One operation, its request parts as schemas (path and query parameters gathered into object schemas). */
export interface ApiOperation {
  method: string;
  /** OpenAPI's path, `{name}` for a parameter. */
  path: string;
  params: Schema;
  query: Schema;
  /** The JSON body's schema, when the operation takes one. */
  body?: Schema;
  bodyRequired: boolean;
  responses: Operation['responses'];
}

export interface ApiRequest {
  kind: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

export function operationsOf(document: OpenApiDocument): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const gather = (place: 'path' | 'query'): Schema => {
        const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === place);
        return {
          type: 'object',
          properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema ?? {}])),
          required: parameters.filter((parameter) => parameter.required || place === 'path').map((parameter) => parameter.name),
        };
      };
      const json = operation.requestBody?.content['application/json'];
      operations.push({
        method: method.toUpperCase(),
        path,
        params: gather('path'),
        query: gather('query'),
        body: json?.schema,
        bodyRequired: operation.requestBody?.required ?? false,
        responses: operation.responses,
      });
    }
  }
  return operations;
}

/** The path with its parameters filled in, URL-encoded. */
export function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

export class CaseMaker {
  private readonly ajv = addFormats(new Ajv({ strict: false, allErrors: false, validateFormats: true }));
  private readonly compiled = new Map<Schema, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    // OpenAPI's references point into the document: it is given to ajv whole, under an id of its own.
    this.ajv.addSchema({ ...document, $id: 'openapi' } as object, 'openapi');
  }

  /** Does `value` meet `schema` (references resolved in the document)? */
  accepts(schema: Schema, value: unknown): boolean {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(this.withRefsIntoDocument(schema));
      this.compiled.set(schema, validate);
    }
    return validate(value) as boolean;
  }

  private withRefsIntoDocument(schema: Schema): object {
    return JSON.parse(JSON.stringify(schema), (key, value) => (key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `openapi${value}` : value)) as object;
  }

  resolve(schema: Schema): Schema {
    let current = schema;
    for (let hops = 0; current.$ref && hops < 20; hops += 1) {
      const pointer = current.$ref.replace(/^#\//, '').split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
      let target: unknown = this.document;
      for (const part of pointer) target = (target as Record<string, unknown>)?.[part];
      if (typeof target !== 'object' || target === null) throw new Error(`unresolved reference ${current.$ref}`);
      current = target as Schema;
    }
    return current;
  }

  /** Values the schema accepts (best effort; the caller filters with `accepts`). */
  valueOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
    const resolved = this.resolve(schema);
    if ('const' in resolved) return fc.constant(resolved.const);
    if (resolved.enum) return fc.constantFrom(...resolved.enum);
    const alternatives = resolved.anyOf ?? resolved.oneOf;
    if (alternatives) return fc.oneof(...alternatives.map((alternative) => this.valueOf(alternative, depth + 1)));
    if (resolved.allOf) return this.valueOf(mergeAll(resolved.allOf.map((part) => this.resolve(part))), depth + 1);
    const types = Array.isArray(resolved.type) ? resolved.type : resolved.type ? [resolved.type] : inferredTypes(resolved);
    if (types.length === 0) return fc.jsonValue({ maxDepth: 1 });
    return fc.oneof(...types.map((type) => this.valueOfType(type, resolved, depth)));
  }

  private valueOfType(type: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
    const number = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer': {
        const min = number('minimum') ?? (number('exclusiveMinimum') !== undefined ? number('exclusiveMinimum')! + 1 : -1_000_000);
        const max = number('maximum') ?? (number('exclusiveMaximum') !== undefined ? number('exclusiveMaximum')! - 1 : Math.max(min, 0) + 1_000_000);
        return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
      }
      case 'number':
        return fc.double({ min: number('minimum') ?? -1e6, max: number('maximum') ?? 1e6, noNaN: true, noDefaultInfinity: true });
      case 'string':
        return this.stringOf(schema);
      case 'array': {
        const items = schema.items ?? {};
        const minLength = number('minItems') ?? 0;
        return fc.array(depth > 4 ? fc.constant(null) : this.valueOf(items, depth + 1), { minLength, maxLength: Math.max(minLength, Math.min(number('maxItems') ?? 3, 3)) });
      }
      case 'object': {
        const properties = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        if (depth > 4) return fc.constant({});
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, property] of Object.entries(properties)) model[name] = this.valueOf(property, depth + 1);
        return fc.record(model, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) });
      }
      default:
        return fc.jsonValue({ maxDepth: 1 });
    }
  }

  private stringOf(schema: Schema): fc.Arbitrary<string> {
    const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
    const fit = (text: string) => text.length >= minLength && text.length <= maxLength;
    if (typeof schema.pattern === 'string') {
      try {
        return fc.stringMatching(new RegExp(schema.pattern)).filter(fit);
      } catch {
        // A pattern fast-check cannot build from: plain text, mostly refused by `accepts`.
      }
    }
    switch (schema.format) {
      case 'email':
        return fc.emailAddress().filter(fit);
      case 'date':
        return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
      case 'date-time':
        return fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
      case 'uri':
        return fc.webUrl();
      default:
        return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 40) });
    }
  }

  /**
   * Values the schema refuses, each named by what was spoiled: every required property left
   * out, every property given a wrong type, an unknown property where none may be added, a
   * value outside an enum, a string too long, a number out of range, the whole value of the
   * wrong type. `valid` is a value the schema accepts, spoiled one way at a time.
   */
  negativesOf(schema: Schema, valid: unknown): Array<{ kind: string; value: unknown }> {
    const resolved = this.resolve(schema);
    const cases: Array<{ kind: string; value: unknown }> = [];
    const add = (kind: string, value: unknown) => {
      if (!this.accepts(schema, value)) cases.push({ kind, value });
    };
    for (const wrong of wrongTypeValues(valid)) add(`whole value ${describe(wrong)}`, wrong);
    const object = resolved.properties && typeof valid === 'object' && valid !== null && !Array.isArray(valid) ? (valid as Record<string, unknown>) : undefined;
    if (object) {
      for (const name of resolved.required ?? []) {
        const { [name]: _left, ...rest } = object;
        add(`required ${name} left out`, rest);
      }
      for (const [name, property] of Object.entries(resolved.properties!)) {
        const current = object[name] ?? this.sample(property);
        for (const wrong of wrongTypeValues(current)) add(`${name} ${describe(wrong)}`, { ...object, [name]: wrong });
        const target = this.resolve(property);
        if (target.enum) add(`${name} outside its enum`, { ...object, [name]: typeof target.enum[0] === 'number' ? 987_654_321 : 'zz-not-in-enum' });
        if (typeof target.maxLength === 'number') add(`${name} too long`, { ...object, [name]: 'x'.repeat(target.maxLength + 1) });
        if (typeof target.minLength === 'number' && target.minLength > 0) add(`${name} too short`, { ...object, [name]: 'x'.repeat(target.minLength - 1) });
        if (typeof target.maximum === 'number') add(`${name} over its maximum`, { ...object, [name]: target.maximum + 1 });
        if (typeof target.minimum === 'number') add(`${name} under its minimum`, { ...object, [name]: target.minimum - 1 });
      }
      if (resolved.additionalProperties === false) add('unknown field', { ...object, zzUnknownField: 'x' });
    }
    return cases;
  }

  /** One value the schema accepts, or undefined when none was found. */
  sample(schema: Schema, seed = 1): unknown {
    try {
      const arbitrary = this.valueOf(schema).filter((value) => this.accepts(schema, value));
      return fc.sample(arbitrary, { numRuns: 1, seed })[0];
    } catch {
      return undefined;
    }
  }
}

function inferredTypes(schema: Schema): string[] {
  if (schema.properties || schema.required) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function mergeAll(parts: Schema[]): Schema {
  const merged: Schema = {};
  for (const part of parts) {
    Object.assign(merged, part, {
      properties: { ...merged.properties, ...part.properties },
      required: [...(merged.required ?? []), ...(part.required ?? [])],
    });
  }
  return merged;
}

/** Values of types other than the given value's. */
function wrongTypeValues(value: unknown): unknown[] {
  const all: unknown[] = ['§text', 12345, true, null, ['x'], { zz: 1 }];
  const kind = (candidate: unknown) => (candidate === null ? 'null' : Array.isArray(candidate) ? 'array' : typeof candidate);
  return all.filter((candidate) => kind(candidate) !== kind(value));
}

function describe(value: unknown): string {
  return `as ${value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value}`;
}
