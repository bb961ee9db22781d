// Issue 24 item 1: one process per embedded data directory. The lock refuses a second holder
// while the first lives (in this process or another), is taken over once its holder is gone
// (SIGKILL, a pid that no longer runs or now belongs to another process), and of several
// processes racing to take over a dead holder's lock exactly one wins.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirLocked, guardPath, LOCK_FILE, lockDataDir, type DataDirLock, type LockHolder } from '../../../src/server/db/data-dir-lock.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'lv-lock-'));
let dirs = 0;
const freshDir = () => join(scratch, `data-${++dirs}`);
const readLock = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as LockHolder;
const writeLock = (dir: string, holder: LockHolder) => writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder));
/** Lock files and sockets only: what the lock leaves in a directory. */
const lockFiles = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('lainavertailu')).sort();

const held: DataDirLock[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const lock of held.splice(0)) lock.release();
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

async function take(dir: string): Promise<DataDirLock> {
  const lock = await lockDataDir(dir);
  held.push(lock);
  return lock;
}

async function refusal(dir: string): Promise<DataDirLocked> {
  const error = await take(dir).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(DataDirLocked);
  return error as DataDirLocked;
}

interface Contender {
  process: ChildProcess;
  /** Its one line: whether it took the lock, and if not, whom it names. */
  result: Promise<{ won: boolean; holder?: number }>;
  /** With onGo: it has loaded and waits for the word. */
  ready: Promise<void>;
  go(): void;
}

/** Another process that takes `dir`'s lock, at once or when told to go. */
function contender(dir: string, onGo = false): Contender {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/data-dir-lock-contender.ts', dir, ...(onGo ? ['--on-go'] : [])], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  const line = (wanted: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const found = output.split('\n').slice(0, -1).find(wanted);
        if (found !== undefined) resolve(found);
      };
      child.stdout!.on('data', look);
      child.on('exit', (code) => reject(new Error(`contender exited (${code}): ${output}`)));
    });
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  const result = line((text) => text.startsWith('{')).then((text) => JSON.parse(text) as { won: boolean; holder?: number });
  const ready = line((text) => text === 'ready').then(() => {});
  // Only a contender told to wait says it is ready; the others' exit is no failure.
  ready.catch(() => {});
  return { process: child, result, ready, go: () => child.stdin!.write('go\n') };
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('data directory lock', () => {
  it('names this process in the lock, refuses a second taker in this process, and is free again once released', async () => {
    const dir = freshDir();
    const lock = await take(dir);
    expect(readLock(dir)).toMatchObject({ pid: process.pid });

    const refused = await refusal(dir);
    expect(refused.holder.pid).toBe(process.pid);
    expect(refused.message).toContain(dir);
    expect(refused.message).toContain(`pid ${process.pid}`);
    expect(refused.message).toContain(readLock(dir).since);
    expect(refused.message).toContain('DATABASE_URL');

    lock.release();
    expect(lockFiles(dir)).toEqual([]);
    await take(dir);
    expect(readLock(dir)).toMatchObject({ pid: process.pid });
  });

  it('refuses while another live process holds it, and takes it over once that process is killed with SIGKILL', async () => {
    const dir = freshDir();
    const holder = contender(dir);
    expect(await holder.result).toEqual({ won: true });
    const refused = await refusal(dir);
    expect(refused.holder.pid).toBe(holder.process.pid);

    await killed(holder.process);
    await take(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    // The dead holder's socket is gone with its lock; only ours is left.
    expect(lockFiles(dir)).toEqual([LOCK_FILE, readLock(dir).socket].sort());
  });

  it('still counts a live holder whose socket was deleted, by its pid', async () => {
    const dir = freshDir();
    const holder = contender(dir);
    expect(await holder.result).toEqual({ won: true });
    unlinkSync(join(dir, readLock(dir).socket!));
    expect((await refusal(dir)).holder.pid).toBe(holder.process.pid);
  });

  it('believes the holder’s socket over its pid, which in another container may be anyone’s', async () => {
    const dir = freshDir();
    const holder = contender(dir);
    expect(await holder.result).toEqual({ won: true });
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    // A live holder whose pid means nothing here (another pid namespace's).
    writeLock(dir, { ...readLock(dir), pid: gone });
    expect((await refusal(dir)).holder.pid).toBe(gone);

    // A dead holder whose pid here is a live process: this one, as a restarted container's pid 1 is the old one's.
    const lock = await take(freshDir());
    const me = readLock(lock.dir);
    lock.release();
    const socket = readLock(dir).socket;
    await killed(holder.process);
    writeLock(dir, { ...me, socket });
    await take(dir);
    expect(readLock(dir).socket).not.toBe(socket);
  });

  it('takes over a lock without a socket whose pid no longer runs', async () => {
    const dir = freshDir();
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    await take(dir).then((lock) => lock.release());
    writeLock(dir, { pid: gone, host: 'elsewhere', since: '2026-01-01T00:00:00.000Z', socket: null });
    await take(dir);
    expect(readLock(dir).pid).toBe(process.pid);
  });

  it.skipIf(!existsSync('/proc/self/stat'))('takes over a lock whose pid runs but started at another time (the pid was reused), and not one whose does not', async () => {
    const dir = freshDir();
    const lock = await take(dir);
    // This live process as the holder, known by its pid alone.
    const byPid = { ...readLock(dir), socket: null };
    lock.release();
    writeLock(dir, byPid);
    expect((await refusal(dir)).holder.pid).toBe(process.pid);

    writeLock(dir, { ...byPid, startTicks: byPid.startTicks! - 1 });
    await take(dir);
    expect(readLock(dir).socket).not.toBeNull();
  });

  it('takes over a lock left by a process that died while taking over another', async () => {
    const dir = freshDir();
    const first = contender(dir);
    expect(await first.result).toEqual({ won: true });
    const stale = readFileSync(join(dir, LOCK_FILE), 'utf8');
    await killed(first.process);
    // The second died holding the guard of the first's dead lock.
    const second = contender(freshDir());
    expect(await second.result).toEqual({ won: true });
    const secondDir = join(scratch, `data-${dirs}`);
    writeFileSync(guardPath(join(dir, LOCK_FILE), stale), readFileSync(join(secondDir, LOCK_FILE)));
    await killed(second.process);

    await take(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    expect(lockFiles(dir)).toEqual([LOCK_FILE, readLock(dir).socket].sort());
  });

  it('lets exactly one of several processes racing for a dead holder’s lock take it over', async () => {
    const dir = freshDir();
    const dead = contender(dir);
    expect(await dead.result).toEqual({ won: true });
    await killed(dead.process);

    const racers = Array.from({ length: 5 }, () => contender(dir, true));
    // Each has loaded and waits for the word; then all try at once.
    await Promise.all(racers.map((racer) => racer.ready));
    for (const racer of racers) racer.go();
    const results = await Promise.all(racers.map((racer) => racer.result));
    const winners = racers.filter((_, i) => results[i].won);
    expect(winners).toHaveLength(1);
    const winner = winners[0].process.pid;
    expect(readLock(dir).pid).toBe(winner);
    for (const result of results) if (!result.won) expect(result.holder).toBe(winner);
  });

  it('lets exactly one of many takers in one process take over a dead holder’s lock', async () => {
    const dir = freshDir();
    const dead = contender(dir);
    expect(await dead.result).toEqual({ won: true });
    await killed(dead.process);
    const attempts = await Promise.allSettled(Array.from({ length: 10 }, () => take(dir)));
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts) if (attempt.status === 'rejected') expect(attempt.reason).toBeInstanceOf(DataDirLocked);
  });
});
