import { type ChildProcess, fork } from 'node:child_process';
import type { Reply, Task, TaskResults } from './client';

/** The client process (client.ts) seen from the bench: tasks in, results out. */
export class LoadClient {
  private next = 1;
  private waiting = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (reply: Reply) => {
      const pending = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.error !== undefined) pending?.reject(new Error(reply.error));
      else pending?.resolve(reply.result);
    });
    child.on('exit', (code) => {
      for (const pending of this.waiting.values()) pending.reject(new Error(`bench client exited (${code})`));
      this.waiting.clear();
    });
  }

  static start(url: string) {
    return new LoadClient(
      fork(new URL('./client.ts', import.meta.url), [url], { execArgv: ['--import', 'tsx'] }),
    );
  }

  run<T extends Task>(task: T): Promise<TaskResults[T['kind']]> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      // The reply crosses IPC as plain JSON; client.ts answers each kind with its TaskResults entry.
      this.waiting.set(id, { resolve: (value) => resolve(value as TaskResults[T['kind']]), reject });
      this.child.send({ id, task });
    });
  }

  stop() {
    this.child.kill();
  }
}
