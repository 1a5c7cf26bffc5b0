import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-node.mjs';
import type { Reply, Task, TaskResults } from './client';
import type { Row } from './database';
import type { ServerMemory, ServerMessage, ServerRequest, ServerSetup } from './server';

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

const BUILT_DIR = fileURLToPath(new URL('../.tmp/bench-server', import.meta.url));

/** The server process (server.ts) seen from the bench: its URL, SQL on its database, its memory. */
export class BenchServer {
  private next = 1;
  private waiting = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.on('message', (message: ServerMessage) => {
      if (!('id' in message)) return;
      const pending = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error !== undefined) pending?.reject(new Error(message.error));
      else pending?.resolve(message.result);
    });
  }

  /**
   * Builds server.ts as the product's server is built (plain JavaScript, no transpiler loaded at run
   * time: tsx alone holds some 40 MB) and starts it as start.mjs starts the product's; --expose-gc lets
   * it report its heap after a full collection.
   */
  static async start(setup: ServerSetup) {
    await build({
      configFile: fileURLToPath(new URL('../vite.server.config.ts', import.meta.url)),
      build: {
        ssr: fileURLToPath(new URL('./server.ts', import.meta.url)),
        outDir: BUILT_DIR,
        rolldownOptions: { output: { entryFileNames: 'server.js' } },
      },
    });
    const child = fork(path.join(BUILT_DIR, 'server.js'), [JSON.stringify(setup)], {
      execArgv: [...SERVER_NODE_FLAGS, '--expose-gc'],
      env: { ...process.env, ...SERVER_ENV },
    });
    return new Promise<BenchServer>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
      child.on('message', (message: ServerMessage) => {
        if ('kind' in message) resolve(new BenchServer(child, `http://127.0.0.1:${message.port}`));
      });
    });
  }

  private ask(request: ServerRequest) {
    return new Promise<unknown>((resolve, reject) => {
      this.waiting.set(request.id, { resolve, reject });
      this.child.send(request);
    });
  }

  exec = async (text: string) => (await this.ask({ id: this.next++, kind: 'exec', text })) as Row[];

  /** Its memory as it reports it (after a full collection). */
  memory = async () => (await this.ask({ id: this.next++, kind: 'memory' })) as ServerMemory;

  /** Its resident set now, in bytes, read from outside (no collection first). */
  rss() {
    const line = readFileSync(`/proc/${this.child.pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
  }

  /** Stops it; PGlite's files are closed when it has exited. */
  stop() {
    return new Promise<void>((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}
