// A load balancer in front of several app instances, for tests of issue 14's
// "several instances": one public origin, each request sent to the instance the test names.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningApp } from './server.ts';

/**
 * One public origin in front of the app instances. `use(i)` sends every following request
 * to instance i; `alternate()` sends each request to the next instance in turn. The Host
 * header passes through, so every instance sees the balancer's origin (one issuer, one
 * redirect URI). Every request gets fresh connections on both sides, so none is ever sent
 * on a kept-alive socket that an instance (or the balancer) is just closing.
 */
export class Balancer {
  private backends: string[] = [];
  private current = 0;
  private roundRobin = false;
  readonly served: number[] = [];
  private server: Server = createServer((req, res) => {
    const index = this.roundRobin ? this.served.length % this.backends.length : this.current;
    this.served.push(index);
    const target = new URL(this.backends[index]);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, connection: 'close' }, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, connection: 'close' });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  url = '';

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  route(backends: RunningApp[]): void {
    this.backends = backends.map((backend) => backend.url);
    this.current = 0;
    this.roundRobin = false;
  }

  use(index: number): void {
    this.current = index;
    this.roundRobin = false;
  }

  alternate(): void {
    this.roundRobin = true;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
