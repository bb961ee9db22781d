// Issue 24 item 1: one process per embedded database. PGlite has no lock of its own, and two
// processes on one data directory both wrote to it: duplicate primary keys, lost writes. So
// whoever opens a data directory first takes `lainavertailu.lock` in it, and a second opener is
// refused before it opens, creates or migrates anything.
//
// The lock file names its holder (pid, host, since when) and is made atomically complete:
// written to a file of our own, then hard-linked to the lock's name, which fails when the lock
// exists (a reader never sees half a lock). A crash cannot leave it standing, because whether
// the holder lives is asked of the kernel, not read from the file:
// - The holder listens on a Unix socket of its own in the directory, named in the lock, before
//   it publishes the lock. A connection is accepted while the holder's process exists (even a
//   stopped or busy one) and refused once it is gone, whatever pid namespace either process is
//   in: a container restarted or rolled on the same volume has the same pids (often 1) as the
//   one before it, so pids alone cannot tell them apart.
// - Where there is no socket (a filesystem without them, a path too long for one, a socket
//   removed by hand), the pid: no such process, or a process of that pid that started at
//   another time (/proc/<pid>/stat) or on another boot, is not the holder. A lock from another
//   pid namespace cannot be checked this way and counts as held.
// Taking over a dead holder's lock is one process's right only: it first claims a guard file
// named by the dead lock's contents (by this same procedure), then checks the lock is still the
// dead one and renames its own over it. Every other contender sees the guard's live holder.
import { createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, readlinkSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'lainavertailu.lock';

/** What the lock file says about its holder. */
export interface LockHolder {
  pid: number;
  host: string;
  /** When it took the lock (ISO 8601). */
  since: string;
  /** Its socket's file name in the data directory; null when it has none. */
  socket: string | null;
  /** Linux: the process's start in clock ticks after boot, the boot's id, the pid namespace. */
  startTicks?: number;
  bootId?: string;
  pidNamespace?: string;
}

/** Thrown when another live process holds the directory; the message is for the operator. */
export class DataDirLocked extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The data directory ${dir} is in use by another process (pid ${holder.pid} on ${holder.host}, since ${holder.since}). ` +
        'The embedded database is for one process only: stop that process first, or run several instances ' +
        'on one PostgreSQL server (DATABASE_URL).',
    );
    this.name = 'DataDirLocked';
  }
}

export interface DataDirLock {
  readonly dir: string;
  /** Gives the directory up (idempotent, synchronous, so it also runs on process exit). */
  release(): void;
}

/** Takes `dir` (created when missing) for this process, or throws DataDirLocked naming the holder. */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  mkdirSync(dir, { recursive: true });
  const me = await candidate(dir);
  const lockPath = join(dir, LOCK_FILE);
  let won: true | LockHolder;
  try {
    won = await claim(dir, lockPath, me);
  } catch (error) {
    me.close();
    throw error;
  }
  if (won !== true) {
    me.close();
    throw new DataDirLocked(dir, won);
  }
  let released = false;
  return {
    dir,
    release() {
      if (released) return;
      released = true;
      // Only ever our own lock: it is ours while we live, but a file removed by hand may have been retaken.
      if (readRaw(lockPath) === me.content) removeFile(lockPath);
      me.close();
    },
  };
}

interface Candidate {
  content: string;
  close(): void;
}

/** This process as a holder: its socket listening (when the directory takes one) and the lock text naming it. */
async function candidate(dir: string): Promise<Candidate> {
  const id = randomBytes(8).toString('hex');
  const socketName = `lainavertailu-${id}.sock`;
  const socketPath = join(dir, socketName);
  const server = await listenOn(socketPath);
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    socket: server ? socketName : null,
    ...linuxIdentity('self'),
  };
  return {
    content: `${JSON.stringify(holder, null, 2)}\n`,
    close() {
      if (!server) return;
      server.close();
      removeFile(socketPath);
    },
  };
}

/** A Unix socket that accepts and drops every connection, not keeping the process alive; undefined where none can be made. */
async function listenOn(path: string): Promise<Server | undefined> {
  // sun_path is 104 bytes on macOS, 108 on Linux; Windows pipes do not live in a directory.
  if (process.platform === 'win32' || Buffer.byteLength(path) > 100) return undefined;
  const server = createServer((connection) => connection.destroy());
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(path, () => {
      server.unref();
      server.on('error', () => {});
      resolve(server);
    });
  });
}

/**
 * Makes `path` hold `me`: true when it does, else the live holder. A dead holder's lock is
 * taken over by whoever claims the guard named by its contents (the same procedure, one
 * level down), and only while the lock still has those contents.
 */
async function claim(dir: string, path: string, me: Candidate): Promise<true | LockHolder> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (createExclusive(path, me.content)) return true;
    const raw = readRaw(path);
    // Released between our attempt and the read: try again.
    if (raw === undefined) continue;
    const holder = parseHolder(raw);
    if (holder && (await isAlive(dir, holder))) return holder;
    const guard = guardPath(path, raw);
    const guarded = await claim(dir, guard, me);
    // Another process is taking this dead lock over right now: it is the holder-to-be.
    if (guarded !== true) return guarded;
    try {
      if (readRaw(path) !== raw) continue;
      replace(path, me.content);
      if (holder?.socket) removeFile(join(dir, holder.socket));
      return true;
    } finally {
      removeFile(guard);
    }
  }
  throw new Error(`could not take the lock ${path}: it kept changing`);
}

/** The guard whose holder alone may take over the dead lock at `path` that reads `raw`. */
export function guardPath(path: string, raw: string): string {
  return `${path}.${createHash('sha256').update(raw).digest('hex').slice(0, 16)}`;
}

/** Whether the lock's holder still runs; in doubt, it does. */
async function isAlive(dir: string, holder: LockHolder): Promise<boolean> {
  if (holder.socket) {
    const answer = await probe(join(dir, holder.socket));
    if (answer === 'accepted') return true;
    // The kernel's word: the socket's file is there, and no process listens on it.
    if (answer === 'refused') return false;
  }
  return pidAlive(holder);
}

function pidAlive(holder: LockHolder): boolean {
  const here = linuxIdentity('self');
  // A boot later, every process of the boot before is gone.
  if (holder.bootId && here.bootId && holder.bootId !== here.bootId) return false;
  // Another container's pids are not ours to look up.
  if (holder.pidNamespace && here.pidNamespace && holder.pidNamespace !== here.pidNamespace) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists, as another user's.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const now = linuxIdentity(holder.pid).startTicks;
  // The pid was given to another process since.
  return !(holder.startTicks !== undefined && now !== undefined && now !== holder.startTicks);
}

function probe(path: string): Promise<'accepted' | 'refused' | 'unknown'> {
  return new Promise((resolve) => {
    const socket = connect(path);
    const done = (answer: 'accepted' | 'refused' | 'unknown') => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2000, () => done('unknown'));
    socket.once('connect', () => done('accepted'));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED' ? 'refused' : 'unknown'));
  });
}

/** Linux only: a process's start time, the boot's id and the pid namespace; empty elsewhere. */
function linuxIdentity(pid: number | 'self'): Pick<LockHolder, 'startTicks' | 'bootId' | 'pidNamespace'> {
  const identity: Pick<LockHolder, 'startTicks' | 'bootId' | 'pidNamespace'> = {};
  try {
    // Field 22, counted after the command name, which may itself hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    if (Number.isSafeInteger(ticks)) identity.startTicks = ticks;
  } catch {}
  if (pid !== 'self') return identity;
  try {
    identity.bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {}
  try {
    identity.pidNamespace = readlinkSync('/proc/self/ns/pid');
  } catch {}
  return identity;
}

function parseHolder(raw: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(raw) as LockHolder;
    return Number.isSafeInteger(holder.pid) && holder.pid > 0 ? holder : undefined;
  } catch {
    // Not a lock this server wrote (or a torn one): nobody holds it.
    return undefined;
  }
}

/** `path` made to hold `content` if it does not exist; false when it does. */
function createExclusive(path: string, content: string): boolean {
  const own = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(own, content);
  try {
    linkSync(own, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') return createWithoutLink(path, content);
    throw error;
  } finally {
    removeFile(own);
  }
}

/** A filesystem without hard links: an exclusive create, written at once (a reader may, rarely, see it unfinished). */
function createWithoutLink(path: string, content: string): boolean {
  try {
    writeFileSync(path, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function replace(path: string, content: string): void {
  const own = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(own, content);
  renameSync(own, path);
}

function readRaw(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch {}
}
