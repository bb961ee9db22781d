// The built pages, when there are any, on the same port as the API. Until the React
// application is built, `/` explains that instead of answering 404.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="fi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lainavertailu</title>
</head>
<body>
<main>
<h1>Lainavertailu</h1>
<p>Palvelin on käynnissä, mutta sivuja ei ole vielä rakennettu.</p>
<p>Rajapinnan tila: <a href="/api/health">/api/health</a></p>
</main>
</body>
</html>
`;

export async function registerPages(app: FastifyInstance, dir: string | undefined): Promise<void> {
  if (dir && existsSync(join(dir, 'index.html'))) {
    await app.register(fastifyStatic, { root: dir });
    // The application's own routes are client-side: every /hakemus/... path gets the shell.
    app.get('/hakemus/*', (_request, reply) => reply.sendFile('index.html'));
    // The marketing-ban link of the one-time code modal (/u/{id}/{token}).
    app.get('/u/*', (_request, reply) => reply.sendFile('index.html'));
    return;
  }
  const notBuilt = (_request: unknown, reply: FastifyReply) => reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
  app.get('/', notBuilt);
  app.get('/hakemus/*', notBuilt);
  app.get('/u/*', notBuilt);
}
