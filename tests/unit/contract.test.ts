// Issue 26 item 2: the wire contract as Fastify uses it. Answers are serialized by their
// schema (a field the schema does not name never leaks); requests the schema refuses get the
// API's usual 400 body, and what it accepts reaches the handler unchanged (no coercion); an
// /api route without a contract entry stops the server starting; the types follow the schemas.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { BodyOf, MortgageStatus, Offer, ResponseOf, User } from '../../src/contract/types.ts';
import { contractKey, MissingContract, registerContract } from '../../src/server/contract-routes.ts';
import { errorHandler } from '../../src/server/errors.ts';
import { text } from '../../src/server/messages.ts';

const API = '/api/lainavertailu22/consumer-applications';
const USER: User = { name: 'Matti Meikäläinen', address: 'Katu 1', zip: '00100', city: 'Helsinki', phone: '0401234567', email: 'matti@example.fi', hasMarketingBan: false };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function bare(): FastifyInstance {
  app = Fastify();
  app.setErrorHandler(errorHandler);
  registerContract(app, [API]);
  return app;
}

describe('the wire contract on a route', () => {
  it('serializes an answer by its schema: a field the schema does not name is dropped', async () => {
    const server = bare();
    server.get('/api/user', async () => ({ ...USER, personalId: '010190-123A', data: { secret: true } }));
    const answer = await server.inject({ method: 'GET', url: '/api/user' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(USER);
    expect(answer.body).not.toContain('010190');
  });

  it('serializes errors by the error schema too, keeping their documented extras', async () => {
    const server = bare();
    server.get('/api/user', async (_request, reply) => reply.code(401).send({ type: 'SESSION_REQUIRED', message: 'x', authenticated: false, stack: 'at …' }));
    const answer = await server.inject({ method: 'GET', url: '/api/user' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ type: 'SESSION_REQUIRED', message: 'x', authenticated: false });
  });

  it('refuses a body its schema refuses with the API\'s 400 body, before the handler', async () => {
    const server = bare();
    let called = false;
    server.post('/api/applications/cancel', async () => {
      called = true;
      return { cancelled: true };
    });
    for (const body of [{ applicationId: 1, extra: 1 }, { applicationId: [1] }, {}]) {
      const answer = await server.inject({ method: 'POST', url: '/api/applications/cancel', payload: body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toEqual({ type: 'BAD_REQUEST', message: text('badRequest') });
    }
    expect(called).toBe(false);
  });

  it('hands the handler what was sent, uncoerced, and leaves an absent body to the handler', async () => {
    const server = bare();
    const seen: unknown[] = [];
    server.post('/api/applications/cancel', async (request) => {
      seen.push(request.body);
      return { cancelled: true };
    });
    await server.inject({ method: 'POST', url: '/api/applications/cancel', payload: { applicationId: '12' } });
    await server.inject({ method: 'POST', url: '/api/applications/cancel', payload: { applicationId: 12 } });
    await server.inject({ method: 'POST', url: '/api/applications/cancel' });
    expect(seen).toEqual([{ applicationId: '12' }, { applicationId: 12 }, undefined]);
  });

  it('stops an /api route without a contract entry from registering; pages need none', () => {
    const server = bare();
    expect(() => server.get('/api/not-in-the-contract', async () => ({}))).toThrow(MissingContract);
    expect(() => server.get('/some-page', async () => 'ok')).not.toThrow();
  });

  it('finds the entry of a route under a product API prefix, and of its HEAD', () => {
    expect(contractKey('POST', `${API}/save/:id/:token`, [API])).toBe('POST {api}/save/:id/:token');
    expect(contractKey('HEAD', '/api/user', [API])).toBe('GET /api/user');
    expect(contractKey('POST', '/api/other/save', [API])).toBeUndefined();
  });
});

describe('the types derived from the schemas', () => {
  it('follow the schemas (checked by the typecheck)', () => {
    expectTypeOf<ResponseOf<'GET /api/user'>>().toEqualTypeOf<User>();
    expectTypeOf<ResponseOf<'GET /api/mortgage-applications/status/:id/:token'>>().toEqualTypeOf<MortgageStatus>();
    expectTypeOf<MortgageStatus>().toEqualTypeOf<'DRAFT' | 'IDENTIFICATION_REQUIRED' | 'READY_FOR_ANALYSIS' | 'OTHER' | 'DENIED'>();
    expectTypeOf<ResponseOf<'GET /api/lainavertailu22/offers/:id/:token'>['content'][number]>().toEqualTypeOf<Offer>();
    expectTypeOf<Offer['additionalInfo']>().toEqualTypeOf<'FAST_TRACK' | null>();
    expectTypeOf<BodyOf<'POST /api/applications/accept'>>().toHaveProperty('offerId');
    // @ts-expect-error a field the schema does not name is not part of the type
    const leaked: User = { ...USER, personalId: 'x' };
    expect(leaked).toBeDefined();
  });
});
