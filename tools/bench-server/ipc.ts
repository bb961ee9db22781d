// The bench's processes talk over Node's IPC channel: the parent asks, the child answers
// each question in turn. Structured-clone serialization, so Infinity (an unanswered
// request's latency) survives the trip.
import { fork, type ChildProcess } from 'node:child_process';

type Handlers = Record<string, (argument: never) => unknown>;
interface Question { id: number; name: string; argument: unknown }
type Answer = { id: number; value: unknown } | { id: number; error: string };

export interface Child<H extends Handlers> {
  ask<N extends keyof H & string>(name: N, argument: Parameters<H[N]>[0]): Promise<Awaited<ReturnType<H[N]>>>;
  /** Asks the child to leave and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts a TypeScript module (through tsx) as a child that `serve`s its handlers. */
export async function startChild<H extends Handlers>(modulePath: string): Promise<Child<H>> {
  const child: ChildProcess = fork(modulePath, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();
  let next = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('message', (answer: Answer) => {
    const pending = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('error' in answer) pending?.reject(new Error(answer.error));
    else pending?.resolve(answer.value as never);
  });
  child.once('exit', (code) => {
    for (const pending of waiting.values()) pending.reject(new Error(`${modulePath} exited with ${code}`));
    waiting.clear();
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return {
    ask: (name, argument) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve: resolve as (value: never) => void, reject });
        child.send({ id, name, argument } satisfies Question);
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.send({ id: -1, name: 'exit', argument: null } satisfies Question);
      await exited;
    },
  };
}

/** In the child: answers the parent's questions with the handlers; 'exit' runs `onExit` and leaves. */
export function serve(handlers: Handlers, onExit: () => Promise<void> = async () => {}): void {
  // The parent is gone (killed, crashed): nobody will ask us to leave, so leave now.
  process.once('disconnect', () => void onExit().finally(() => process.exit(1)));
  process.on('message', async ({ id, name, argument }: Question) => {
    if (name === 'exit') {
      await onExit().catch((error: unknown) => console.error(error));
      process.exit(0);
    }
    try {
      const value = await handlers[name](argument as never);
      process.send!({ id, value } satisfies Answer);
    } catch (error) {
      process.send!({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies Answer);
    }
  });
}
