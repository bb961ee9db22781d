// A partner's page, for development only (issue 28 item 4): `/dev/embed?src=<address>` frames
// the given page of the service as a partner site would and shows the height messages it
// receives. Opened on another origin than the framed page (http://127.0.0.1:3000/dev/embed?src=
// http://localhost:3000/hakemus/kulutusluotto/), it is a real cross-site embedding: the framed
// page is refused unless its server lists this origin in EMBED_ORIGINS. Never in production
// (devTools only); its own CSP lets it frame any http(s) address and nothing else.
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

const SCRIPT = `
const frame = document.getElementById('partner-frame');
const shown = document.getElementById('partner-height');
const from = document.getElementById('partner-origin');
const expected = new URL(frame.src).origin;
window.addEventListener('message', (event) => {
  // A partner listens to the service's origin only.
  if (event.origin !== expected || !event.data || event.data.type !== 'lainavertailu:height') return;
  const height = Number(event.data.height);
  if (!Number.isFinite(height) || height <= 0) return;
  frame.style.height = height + 'px';
  shown.textContent = String(height);
  from.textContent = event.origin;
});
`;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function devEmbedRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dev/embed.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(SCRIPT));

  app.get<{ Querystring: { src?: string } }>('/dev/embed', async (request, reply) => {
    let src: URL;
    try {
      src = new URL(String(request.query.src ?? ''));
    } catch {
      throw badRequest('badRequest');
    }
    if (!['http:', 'https:'].includes(src.protocol)) throw badRequest('badRequest');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'self'; script-src 'self'; frame-src http: https:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'")
      .send(`<!doctype html>
<html lang="fi">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Kumppanin sivu (kehitystyökalu)</title></head>
<body style="font-family: sans-serif; margin: 1rem">
<main>
<h1>Kumppanin sivu</h1>
<p>Upotettu lomake. Viimeisin korkeusviesti: <output id="partner-height">–</output> px, lähettäjä <output id="partner-origin">–</output>.</p>
<iframe id="partner-frame" title="Lainahakemus" src="${escape(src.href)}" style="width: 100%; height: 600px; border: 0"></iframe>
</main>
<script src="/dev/embed.js"></script>
</body>
</html>`);
  });
}
