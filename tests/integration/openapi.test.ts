// Issue 26 item 3: the server describes its API. Every /api route the app registers (listed
// as Fastify registers them, so a new route is checked without a line here) is in the
// OpenAPI 3.1 document with its path parameters, query, body and answers as schemas; the
// document is served at /api/openapi.json with the development tools and not without them.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/contract/routes.ts';
import { contractKey } from '../../src/server/contract-routes.ts';
import { shippedProducts } from '../../src/server/applications/products.ts';
import { pgliteTarget } from './helpers/database.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

type Operation = {
  parameters?: Array<{ in: string; name: string; schema?: unknown }>;
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let server: TestServer;
  let production: TestServer;
  const routes: Array<{ method: string; url: string }> = [];

  beforeAll(async () => {
    server = await startTestServer(pgliteTarget, {
      devTools: true,
      onRoute: (route) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD' && route.url.startsWith('/api/')) routes.push({ method, url: route.url });
      },
    });
    production = await startTestServer(pgliteTarget, { devTools: false });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([server?.close(), production?.close()]);
  });

  async function document(): Promise<Document> {
    const answer = await fetch(`${server.url}/api/openapi.json`);
    expect(answer.status).toBe(200);
    return (await answer.json()) as Document;
  }

  it('is OpenAPI 3.1 at /api/openapi.json with dev tools, with the shared shapes as named components', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['ErrorBody', 'Offer', 'OffersPage', 'MortgageStatus', 'User', 'Tracking', 'SavedForm']));
    // The pages are not part of the API's description.
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('is the document docs/openapi.json publishes (npm run openapi after a contract change)', async () => {
    const published = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../docs/openapi.json'), 'utf8')) as Document;
    expect(published, 'docs/openapi.json is stale: run npm run openapi').toEqual(await document());
  });

  it('is not served without the development tools', async () => {
    expect((await fetch(`${production.url}/api/openapi.json`)).status).toBe(404);
  });

  it('lists every registered /api route with its request parts and an answer schema for success and for errors', async () => {
    const doc = await document();
    const prefixes = [...shippedProducts().groups.keys()];
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const problems: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: not in the document`);
        continue;
      }
      const key = contractKey(route.method, route.url, prefixes)!;
      const entry = contract[key] as { params?: { properties: object }; querystring?: { properties?: object }; body?: unknown };
      const inPath = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const documented = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path' && parameter.schema).map((parameter) => parameter.name);
      if (inPath.some((parameter) => !documented.includes(parameter))) problems.push(`${name}: path parameters ${inPath.join(', ')} not all described`);
      if (entry.querystring?.properties && !(operation.parameters ?? []).some((parameter) => parameter.in === 'query')) problems.push(`${name}: query not described`);
      if (entry.body && !operation.requestBody?.content['application/json']?.schema) problems.push(`${name}: body not described`);
      const success = Object.entries(operation.responses).filter(([status]) => /^[23]/.test(status));
      if (success.length === 0) problems.push(`${name}: no success answer`);
      // A redirect and a 204 (a lease given up) have no body to describe.
      for (const [status, answer] of success) if (status !== '303' && status !== '204' && !Object.values(answer.content ?? {}).some((media) => media.schema)) problems.push(`${name}: ${status} has no schema`);
      if (!operation.responses['4XX']?.content?.['application/json']?.schema) problems.push(`${name}: no error schema`);
    }
    expect(problems).toEqual([]);
  });

  it('has no contract entry that no route uses (a removed route takes its entry with it)', () => {
    const prefixes = [...shippedProducts().groups.keys()];
    const used = new Set(routes.map((route) => contractKey(route.method, route.url, prefixes)));
    expect(Object.keys(contract).filter((key) => !used.has(key as keyof typeof contract))).toEqual([]);
  });
});
