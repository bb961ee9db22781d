// The API's description (issue 26 item 3): @fastify/swagger collects every route's contract
// schemas as the routes register, and `app.swagger()` is an OpenAPI 3.1 document. Served at
// /api/openapi.json with the development tools (AppOptions.openapi, default devTools);
// `npm run openapi` writes it to docs/openapi.json.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

export const OPENAPI_PATH = '/api/openapi.json';

/** Registers the collector; call on the root after the shared schemas and before any route. */
export async function registerOpenApi(app: FastifyInstance, options: { serve: boolean }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lainavertailu API',
        version: '1',
        description: 'The application, offers, identification, customer-area and code APIs (spec §7 of consumer-loan-flow.md and marketplace-and-customer-area.md).',
      },
    },
    // Shared shapes keep their contract names (src/contract/shared.ts) as components.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    // The API only: pages, the lenders' demo pages and the development identity provider are not part of the contract.
    transform: ({ schema, url }) => ({ schema: url.startsWith('/api/') ? schema : { ...schema, hide: true }, url }),
  });
  if (!options.serve) return;
  app.get(OPENAPI_PATH, async (_request, reply) => reply.header('cache-control', 'no-store').send(app.swagger()));
}
