// The QA verdict of a version (issue 29 item 6; engine/qa/verdict.ts), made when it is sent
// for approval and kept on the version: generating a form's cases and scoring its mutations
// takes a minute or more of CPU, which neither an HTTP request nor the event loop that serves
// applicants can give. It runs in a child process (tools/qa-verdict.ts), one at a time; the
// publish gate (gate.ts) then only reads the stored verdict. A start re-queues the versions in
// review that have none (a restart dropped the job).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { FormDocument } from '../../../engine/core/types.ts';
import type { Queryable } from '../db/index.ts';
import { contentHash } from './hash.ts';
import { readLiveSources } from './live-sources.ts';

const root = resolve(import.meta.dirname, '../../..');

/** What is kept on a version: pass or fail, why, and the figures a reviewer reads. */
export interface StoredVerdict {
  passes: boolean;
  reasons: string[];
  /** Per form (a section's verdict covers every form that includes it). */
  forms: Record<string, unknown>;
  madeAt: string;
  /** No verdict was made: the content has been live before. */
  wasLive?: true;
}

export interface VerdictOptions {
  /** Mutations scored per form (a seeded sample); all of them when unset. */
  sample?: number;
  threshold?: number;
  /** Stops a verdict that runs longer (it then fails, saying so). */
  timeoutMs?: number;
}

/** The verdict of one flat form against the live one, from the child process: the tool's JSON. */
export async function verdictOf(live: FormDocument | undefined, candidate: FormDocument, { sample, threshold, timeoutMs = 15 * 60_000 }: VerdictOptions = {}, signal?: AbortSignal): Promise<{ passes: boolean; reasons: string[]; summary: unknown }> {
  const dir = mkdtempSync(join(tmpdir(), 'lv-verdict-'));
  try {
    writeFileSync(join(dir, 'candidate.json'), JSON.stringify(candidate));
    if (live) writeFileSync(join(dir, 'live.json'), JSON.stringify(live));
    const args = ['--import', 'tsx', join(root, 'tools', 'qa-verdict.ts'), '--file', join(dir, 'candidate.json'), ...(live ? ['--live', join(dir, 'live.json')] : ['--new']), '--json'];
    if (sample !== undefined) args.push('--sample', String(sample));
    if (threshold !== undefined) args.push('--threshold', String(threshold));
    const { code, stdout, stderr } = await run(args, timeoutMs, signal);
    if (signal?.aborted) throw new VerdictCancelled();
    if (code === 0 || code === 1) {
      const verdict = JSON.parse(stdout) as { passes: boolean; reasons: string[]; mutation: unknown; behaviour: unknown; candidate: unknown; durations: unknown };
      return { passes: verdict.passes, reasons: verdict.reasons, summary: { mutation: verdict.mutation, behaviour: verdict.behaviour, candidate: verdict.candidate, durations: verdict.durations } };
    }
    return { passes: false, reasons: [code === null ? 'QA-arvio ei valmistunut ajassa.' : `QA-arviota ei voitu tehdä: ${stderr.trim().split('\n').slice(-1)[0] ?? ''}`], summary: null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The version left review, or the server is closing: its verdict is not wanted any more. */
export class VerdictCancelled extends Error {}

function run(args: string[], timeoutMs: number, signal?: AbortSignal): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' });
    // An abort kills the child; its 'close' below ends the wait.
    child.on('error', () => {});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code: signal ? null : code, stdout, stderr });
    });
  });
}

const kindOf = (item: string) => item.slice(0, item.indexOf(':'));

/** The forms a version changes, each as live and as the version makes it (a section: every form including it; the shared messages: every form; as the gate checks them). */
async function formsOf(db: Queryable, formsDir: string, item: string, source: unknown) {
  const sources = await readLiveSources(db, formsDir);
  const replace = new Map([[item, source]]);
  const ids = sources.affected(item);
  return ids.map((id) => ({ id, live: sources.cleanly(id), candidate: sources.resolve(id, replace) }));
}

export interface VerdictJobs {
  /** Queues the verdict of a version sent for approval; resolves when it is stored. */
  queue(item: string, number: number): Promise<void>;
  /** The stored verdict of this content of the item (any version with the same content), or undefined while there is none. */
  stored(item: string, source: unknown): Promise<StoredVerdict | undefined>;
  /** Queues every version in review without a verdict (at start). */
  resume(): Promise<void>;
  /** The version left review (sent back, discarded, approved): its verdict, queued or running, is dropped. */
  cancel(item: string, number: number): void;
  /** Drops every verdict, queued or running (the server is closing): no child process outlives it. */
  stop(): void;
}

export const judgesItem = (item: string) => item === 'messages' || kindOf(item) === 'document' || kindOf(item) === 'section';

export function verdictJobs(db: Queryable, { formsDir, log, options = {} }: { formsDir: string; log: FastifyBaseLogger; options?: VerdictOptions }): VerdictJobs {
  let chain: Promise<void> = Promise.resolve();
  const pending = new Map<string, AbortController>();
  const keyOf = (item: string, number: number) => `${item}\0${number}`;

  async function judge(item: string, number: number, signal: AbortSignal) {
    if (signal.aborted) return;
    const row = (await db.query<{ source: unknown; state: string }>('SELECT source, state FROM content_versions WHERE item = $1 AND number = $2', [item, number])).rows[0];
    if (!row || row.state !== 'review') return;
    const forms: Record<string, unknown> = {};
    const reasons: string[] = [];
    for (const { id, live, candidate } of await formsOf(db, formsDir, item, row.source)) {
      if (candidate.findings.length) {
        reasons.push(`lomake ${id}: tarkistus löysi virheitä (${candidate.findings.length})`);
        continue;
      }
      const verdict = await verdictOf(live, candidate.document, options, signal);
      forms[id] = verdict.summary;
      reasons.push(...verdict.reasons.map((reason) => `lomake ${id}: ${reason}`));
    }
    const stored: StoredVerdict = { passes: reasons.length === 0, reasons, forms, madeAt: new Date().toISOString() };
    await db.query('UPDATE content_versions SET verdict = $3::jsonb WHERE item = $1 AND number = $2', [item, number, JSON.stringify(stored)]);
    log.info({ item, number, passes: stored.passes }, 'QA verdict stored');
  }

  const jobs: VerdictJobs = {
    queue(item, number) {
      if (!judgesItem(item)) return Promise.resolve();
      const controller = new AbortController();
      pending.get(keyOf(item, number))?.abort();
      pending.set(keyOf(item, number), controller);
      const job = chain.then(() => judge(item, number, controller.signal));
      chain = job
        .catch((error) => {
          if (!(error instanceof VerdictCancelled)) log.error({ err: error, item, number }, 'QA verdict failed');
        })
        .finally(() => {
          if (pending.get(keyOf(item, number)) === controller) pending.delete(keyOf(item, number));
        });
      return chain;
    },
    cancel(item, number) {
      pending.get(keyOf(item, number))?.abort();
    },
    stop() {
      for (const controller of pending.values()) controller.abort();
    },
    async stored(item, source) {
      const hash = contentHash(source);
      const rows = (await db.query<{ verdict: StoredVerdict | null; live_at: unknown }>(
        `SELECT verdict, live_at FROM content_versions WHERE item = $1 AND hash = $2 AND (verdict ? 'passes' OR live_at IS NOT NULL) ORDER BY (verdict ? 'passes') DESC, number DESC LIMIT 1`,
        [item, hash],
      )).rows;
      if (!rows[0]) return undefined;
      // Content that has been live (a rollback's, or the repository's, which CI checks) is
      // behaviour people have already had: it needs no new verdict to be live again.
      return rows[0].verdict ?? { passes: true, reasons: [], forms: {}, madeAt: new Date().toISOString(), wasLive: true };
    },
    async resume() {
      const rows = (await db.query<{ item: string; number: number }>(`SELECT item, number FROM content_versions WHERE state = 'review' AND verdict IS NULL ORDER BY item, number`)).rows;
      for (const { item, number } of rows) void jobs.queue(item, number);
    },
  };
  return jobs;
}
