import { createServer } from 'node:net';

/** The part of Electron's `utilityProcess` the embedded server needs. */
export interface UtilityProcessApi {
  fork(
    modulePath: string,
    args: string[],
    options: { env: Record<string, string | undefined>; serviceName?: string; stdio?: 'inherit' },
  ): ChildProcessHandle;
}

export interface ChildProcessHandle {
  on(event: 'message', listener: (message: unknown) => void): this;
  on(event: 'exit', listener: (code: number) => void): this;
  postMessage(message: unknown): void;
  kill(): boolean;
}

export interface SeededAdmin {
  email: string;
  password: string;
}

export interface EmbeddedReady {
  /** The loopback origin the server answers on. */
  url: string;
  port: number;
  /** Only on the very first start: the super administrator created by the seed. */
  seeded?: SeededAdmin;
}

export interface EmbeddedServerOptions {
  utilityProcess: UtilityProcessApi;
  /** The bundled server entry (dist/server/main.js, resources.ts). */
  serverEntry: string;
  dataDir: string;
  webDir: string;
  migrationsDir: string;
  /** A free loopback port, `preferred` when it is still free (restarts keep their origin). */
  findFreePort(preferred?: number): Promise<number>;
  baseEnv?: NodeJS.ProcessEnv;
  /** The first start migrates and seeds PGlite, which takes a while on a slow disk. */
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
  /** Delay before restart number `attempt` (0-based) after a crash. */
  backoffMs?(attempt: number): number;
  log?(message: string, error?: unknown): void;
}

export interface EmbeddedServer {
  /** Starts the server; resolves on its first `ready`, rejects when that attempt fails (retries go on). */
  start(): Promise<EmbeddedReady>;
  /** Every `ready`, including those after a crash restart. */
  onReady(listener: (ready: EmbeddedReady) => void): () => void;
  stop(): Promise<void>;
  running(): boolean;
  /** The origin the server will answer on, known as soon as its port is chosen (before it is ready). */
  address(): Promise<string>;
}

const LOOPBACK = '127.0.0.1';

const defaultBackoff = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

function readyMessage(message: unknown): { port: number; seeded?: SeededAdmin } | null {
  const m = message as { type?: unknown; port?: unknown; seeded?: Partial<SeededAdmin> } | null;
  if (m?.type !== 'ready' || typeof m.port !== 'number') return null;
  const seeded =
    typeof m.seeded?.email === 'string' && typeof m.seeded.password === 'string'
      ? { email: m.seeded.email, password: m.seeded.password }
      : undefined;
  return { port: m.port, seeded };
}

/**
 * Runs the platform server in a utilityProcess: waits for its `ready` message, restarts it with
 * backoff when it dies, and stops it cleanly (a `stop` message, then a kill after a grace period).
 */
export function createEmbeddedServer(options: EmbeddedServerOptions): EmbeddedServer {
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const backoff = options.backoffMs ?? defaultBackoff;
  const log = options.log ?? (() => undefined);
  const listeners = new Set<(ready: EmbeddedReady) => void>();

  let child: ChildProcessHandle | null = null;
  let exited: Promise<void> = Promise.resolve();
  let port: number | undefined;
  let chosenPort: Promise<number> = new Promise(() => undefined);
  let failures = 0;
  let wanted = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let firstStart: Promise<EmbeddedReady> | null = null;

  function launch(): Promise<EmbeddedReady> {
    return new Promise((resolve, reject) => {
      void (async () => {
        chosenPort = options.findFreePort(port);
        port = await chosenPort;
        if (!wanted) return reject(new Error('embedded server stopped before it started'));
        const proc = options.utilityProcess.fork(options.serverEntry, [], {
          serviceName: 'Atendo server',
          stdio: 'inherit',
          env: {
            ...(options.baseEnv ?? process.env),
            PORT: String(port),
            HOST: LOOPBACK,
            ATENDO_DATA_DIR: options.dataDir,
            ATENDO_WEB_DIR: options.webDir,
            ATENDO_MIGRATIONS_DIR: options.migrationsDir,
          },
        });
        child = proc;
        let isReady = false;
        const timer = setTimeout(() => {
          log(`embedded server did not start within ${startTimeoutMs} ms`);
          reject(new Error('embedded server start timed out'));
          proc.kill();
        }, startTimeoutMs);
        exited = new Promise((done) => {
          proc.on('exit', (code) => {
            clearTimeout(timer);
            // A child that stop() let go of is not ours to restart.
            const current = child === proc;
            if (current) child = null;
            done();
            if (!isReady) reject(new Error(`embedded server exited with code ${code} before it was ready`));
            if (wanted && current) {
              log(`embedded server exited with code ${code}; restarting`);
              scheduleRestart();
            }
          });
        });
        proc.on('message', (message) => {
          const ready = readyMessage(message);
          if (!ready || isReady) return;
          isReady = true;
          clearTimeout(timer);
          failures = 0;
          const result: EmbeddedReady = { url: `http://${LOOPBACK}:${ready.port}`, port: ready.port };
          if (ready.seeded) result.seeded = ready.seeded;
          resolve(result);
          for (const listener of listeners) listener(result);
        });
      })().catch(reject);
    });
  }

  function scheduleRestart() {
    const delay = backoff(failures);
    failures += 1;
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (wanted) launch().catch((err) => log('embedded server restart failed', err));
    }, delay);
  }

  return {
    start() {
      if (!wanted || !firstStart) {
        wanted = true;
        firstStart = launch();
      }
      return firstStart;
    },
    onReady(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      wanted = false;
      firstStart = null;
      clearTimeout(restartTimer);
      const proc = child;
      const gone = exited;
      child = null;
      if (!proc) return;
      proc.postMessage({ type: 'stop' });
      const grace = setTimeout(() => proc.kill(), stopTimeoutMs);
      await gone;
      clearTimeout(grace);
    },
    running: () => child !== null,
    address: () => chosenPort.then((p) => `http://${LOOPBACK}:${p}`),
  };
}

/** A free loopback port: the preferred one when nobody holds it, else one the system picks. */
export async function findFreePort(preferred?: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.unref();
      server.once('error', reject);
      server.listen({ port, host: LOOPBACK, exclusive: true }, () => {
        const address = server.address();
        const chosen = typeof address === 'object' && address ? address.port : port;
        server.close(() => resolve(chosen));
      });
    });
  if (preferred) {
    try {
      return await tryListen(preferred);
    } catch {
      // taken: fall through to any free port
    }
  }
  return tryListen(0);
}
