// Development only: the second brand is tried at http://kattokorko.localhost:PORT, and our
// own development provider then lives at that origin. Browsers resolve *.localhost to the
// loopback address (RFC 6761); Node's resolver does not, so openid-client's server-side
// calls (discovery, token) would fail. This fetch resolves *.localhost to 127.0.0.1 and
// keeps the Host header, so the provider still sees its own issuer.
import { request as httpRequest } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { CustomFetch } from 'openid-client';

const lookupLoopback: LookupFunction = (hostname, options, callback) => {
  const loopback = hostname === 'localhost' || hostname.endsWith('.localhost');
  if (!loopback) {
    callback(new Error(`development fetch reaches only localhost, not ${hostname}`), '', 4);
    return;
  }
  if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

export const loopbackFetch: CustomFetch = async (url, init) => {
  const target = new URL(url);
  if (target.protocol !== 'http:') return fetch(url, init as RequestInit);
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  const body = init.body == null ? undefined : Buffer.from(await new Response(init.body as BodyInit).arrayBuffer());
  return new Promise((resolve, reject) => {
    const req = httpRequest(target, { method: init.method ?? 'GET', headers, lookup: lookupLoopback, signal: init.signal ?? undefined }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
          else if (value !== undefined) responseHeaders.set(name, value);
        }
        const status = res.statusCode ?? 502;
        resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
};
