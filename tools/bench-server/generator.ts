// The open-loop load generator, in a process of its own: each step sends a route's requests
// at Poisson-distributed times for the target rate, whatever the server's pace, and measures
// each latency from its scheduled send time, so time spent waiting for a free connection or
// behind a slow answer counts (no coordinated omission). Keep-alive connections (node:http).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { serve } from './ipc.ts';
import { lateAllowance, percentile, summarize } from './percentile.ts';
import { poissonSchedule, seededRandom } from './poisson.ts';
import type { Target } from './routes.ts';
import type { StepResult } from './search.ts';

export interface StepCommand {
  url: string;
  targets: Target[];
  rate: number;
  seconds: number;
  seed: number;
  /** Keep-alive connections at most; requests beyond them wait (and that wait counts). */
  connections: number;
  p99LimitMs: number;
}

/** After the last send, how long the stragglers are waited for; later ones count as unanswered. */
const DRAIN_MS = 1000;
/** How often requests still in flight are checked against the limit, to stop a hopeless step early. */
const CHECK_MS = 50;

function step(command: StepCommand): Promise<StepResult> {
  const { hostname, port } = new URL(command.url);
  const schedule = poissonSchedule(command.rate, command.seconds, seededRandom(command.seed));
  const allowance = lateAllowance(schedule.length);
  const agent = new http.Agent({ keepAlive: true, maxSockets: command.connections });
  const latencies: number[] = [];
  const sendLags: number[] = [];
  /** Send time (ms from start) of each request in flight. */
  const inFlight = new Map<number, number>();
  let failed = 0;
  let late = 0;
  let sent = 0;
  let stopped = false;
  const start = performance.now() + 10;
  const now = () => performance.now() - start;

  return new Promise((resolve) => {
    const finish = (stoppedEarly: boolean) => {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      clearInterval(checker);
      clearTimeout(drainTimer);
      agent.destroy();
      // Every scheduled request not answered in time (unsent, in flight) is a failure.
      const summary = summarize(latencies, failed + inFlight.size + (schedule.length - sent));
      resolve({ rate: command.rate, ...summary, stoppedEarly, sendLagP99: percentile(sendLags.sort((a, b) => a - b), 99) });
    };
    const answered = (id: number, ok: boolean) => {
      const at = inFlight.get(id);
      if (at === undefined || stopped) return;
      inFlight.delete(id);
      const latency = now() - at;
      if (!ok) failed++;
      else latencies.push(latency);
      if (!ok || latency > command.p99LimitMs) late++;
      if (late > allowance) finish(true);
      else if (sent === schedule.length && inFlight.size === 0) finish(false);
    };
    const send = (id: number) => {
      const target = command.targets[id % command.targets.length];
      inFlight.set(id, schedule[id]);
      sendLags.push(now() - schedule[id]);
      const request = http.request({ agent, hostname, port, method: target.method, path: target.path, headers: target.headers }, (response) => {
        const ok = response.statusCode !== undefined && response.statusCode < 300;
        response.on('end', () => answered(id, ok));
        response.on('error', () => answered(id, false));
        response.resume();
      });
      request.on('error', () => answered(id, false));
      request.end(target.body);
    };
    let timer: NodeJS.Timeout | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    const tick = () => {
      // Everything due is sent now; a late timer delays the send, and the latency includes it.
      while (sent < schedule.length && schedule[sent] <= now() && !stopped) send(sent++);
      if (stopped) return;
      if (sent < schedule.length) timer = setTimeout(tick, Math.max(0, schedule[sent] - now()));
      else if (inFlight.size === 0) finish(false);
      else drainTimer = setTimeout(() => finish(false), DRAIN_MS);
    };
    // Requests still unanswered past the limit are late already; once too many are, p99 cannot pass.
    const checker = setInterval(() => {
      const limit = now() - command.p99LimitMs;
      let overdue = 0;
      for (const at of inFlight.values()) if (at < limit) overdue++;
      if (late + overdue > allowance) finish(true);
    }, CHECK_MS);
    timer = setTimeout(tick, Math.max(0, -now()));
  });
}

export const handlers = { step };
serve(handlers);
