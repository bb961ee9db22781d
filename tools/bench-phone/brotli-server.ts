// Serves the plain page's build the way src/server/pages.ts serves the application's: an
// asset's build-time .br when the browser accepts brotli, the HTML compressed with brotli
// as it is sent (quality 9, as the application's shell), any other path the index.html.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

export async function serveBrotli(dir: string, port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    const brotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const headers: Record<string, string> = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', vary: 'accept-encoding' };
    let body = readFileSync(file);
    if (brotli && existsSync(`${file}.br`)) {
      body = readFileSync(`${file}.br`);
      headers['content-encoding'] = 'br';
    } else if (brotli && extname(file) === '.html') {
      body = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      headers['content-encoding'] = 'br';
    }
    response.writeHead(200, headers);
    response.end(body);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
