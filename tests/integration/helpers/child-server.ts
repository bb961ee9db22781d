// `npm start`'s entry point as a child process, as an operator would run it.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ChildServer {
  url: string;
  process: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/** `args`: what node runs; by default the server's source through tsx (the compiled server is `['dist-server/main.js']`). */
export async function startChildServer(env: Record<string, string>, timeoutMs = 90_000, args = ['--import', 'tsx', 'src/server/main.ts']): Promise<ChildServer> {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      const match = /running at (http:\/\/\S+?)\/? /.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it started:\n${output}`));
    });
  });
  return { url, process: child, output: () => output, exited };
}
