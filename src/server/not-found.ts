// What an unknown address answers (issue 25 item 16). The API's addresses keep their
// JSON error; any other address is a page someone opened, so it gets a page in Finnish
// with status 404: the application's shell when the pages are built (its not-found page
// says it, with the header and a way on), else a plain page of its own. Addresses of
// files (a missing script or picture) get the plain page, so a missing asset does not
// start the application.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFoundPageTexts, text } from './messages.ts';

const escape = (value: string) => value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export const NOT_FOUND_PAGE = `<!doctype html>
<html lang="fi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(notFoundPageTexts.title)}</title>
</head>
<body>
<main>
<h1>${escape(notFoundPageTexts.title)}</h1>
<p>${escape(notFoundPageTexts.body)}</p>
<p><a href="/">${escape(notFoundPageTexts.home)}</a></p>
</main>
</body>
</html>
`;

/** An address of the API (JSON) rather than of a page. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split(/[?#]/)[0];
  reply.code(404);
  if (isApiPath(path) || (request.method !== 'GET' && request.method !== 'HEAD')) return reply.send({ type: 'NOT_FOUND', message: text('notFound') });
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  // @fastify/static decorates the reply only when the built pages are served (pages.ts).
  const sendFile = (reply as FastifyReply & { sendFile?: (file: string) => FastifyReply }).sendFile;
  if (typeof sendFile === 'function' && !lastSegment.includes('.')) return sendFile.call(reply, 'index.html');
  return reply.type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
}
