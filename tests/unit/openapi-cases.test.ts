// The contract fuzz's case maker (tests/integration/helpers/openapi-cases.ts): what it
// generates as valid is valid, and each negative case breaks the schema in the way it names.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CaseMaker, fillPath, operationsOf, type OpenApiDocument, type Schema } from '../integration/helpers/openapi-cases.ts';

const document: OpenApiDocument = {
  paths: {
    '/api/things/{id}/{token}': {
      post: {
        parameters: [
          { in: 'path', name: 'id', required: true, schema: { type: 'string', pattern: '^[0-9]{1,9}$' } },
          { in: 'path', name: 'token', required: true, schema: { type: 'string', minLength: 8, maxLength: 64 } },
          { in: 'query', name: 'lang', schema: { type: 'string', enum: ['fi', 'sv'] } },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        responses: { '200': { content: { 'application/json': { schema: { type: 'object' } } } } },
      },
      get: { responses: {} },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        additionalProperties: false,
        required: ['amount', 'name'],
        properties: {
          amount: { type: 'integer', minimum: 500, maximum: 70_000 },
          name: { type: 'string', minLength: 1, maxLength: 20 },
          kind: { type: 'string', enum: ['a', 'b'] },
          tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
          email: { type: 'string', format: 'email' },
          note: { type: ['string', 'null'] },
        },
      },
    },
  },
};

describe('operations of an OpenAPI document', () => {
  it('lists each method of each path with its parameters gathered into object schemas', () => {
    const operations = operationsOf(document);
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(['POST /api/things/{id}/{token}', 'GET /api/things/{id}/{token}']);
    const [post] = operations;
    expect(post.params.required).toEqual(['id', 'token']);
    expect(Object.keys(post.query.properties!)).toEqual(['lang']);
    expect(post.query.required).toEqual([]);
    expect(post.body).toEqual({ $ref: '#/components/schemas/Thing' });
    expect(post.bodyRequired).toBe(true);
  });

  it('fills a path with encoded parameters', () => {
    expect(fillPath('/api/things/{id}/{token}', { id: 12, token: 'a/b c' })).toBe('/api/things/12/a%2Fb%20c');
  });
});

describe('cases from a schema', () => {
  const maker = new CaseMaker(document);
  const thing: Schema = { $ref: '#/components/schemas/Thing' };

  it('generates values the schema accepts, references resolved', () => {
    fc.assert(fc.property(maker.valueOf(thing), (value) => maker.accepts(thing, value)), { numRuns: 200 });
    fc.assert(fc.property(maker.valueOf(operationsOf(document)[0].params), (value) => maker.accepts(operationsOf(document)[0].params, value)), { numRuns: 100 });
  });

  it('spoils a valid value one way at a time, each refused by the schema', () => {
    const valid = { amount: 1000, name: 'Laina', kind: 'a' };
    expect(maker.accepts(thing, valid)).toBe(true);
    const negatives = maker.negativesOf(thing, valid);
    const kinds = negatives.map((negative) => negative.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['required amount left out', 'required name left out', 'amount as string', 'kind outside its enum', 'name too long', 'name too short', 'amount over its maximum', 'amount under its minimum', 'unknown field', 'whole value as a list']),
    );
    for (const negative of negatives) expect(maker.accepts(thing, negative.value), negative.kind).toBe(false);
    // null is a type of `note`: no negative case sets it to null.
    expect(kinds).not.toContain('note as null');
  });

  it('finds a sample value, or none for a schema nothing meets', () => {
    expect(maker.accepts(thing, maker.sample(thing))).toBe(true);
    expect(maker.sample({ type: 'integer', minimum: 5, maximum: 4 })).toBeUndefined();
  });
});
