import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { Session } from '../../shared/api/auth';
import type { TestDatabase } from './database';
import type { FixtureServer } from './server';

/** Whether the multi-server suite can run: several processes share only PostgreSQL and Redis. */
export const clusterAvailable = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

const MAIN = path.join(import.meta.dirname, '..', 'main.ts');

export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  /** An HTTP call to this server (JSON in and out), as a signed-in user when a token is given. */
  call<T = unknown>(
    method: string,
    url: string,
    options?: { body?: unknown; form?: FormData; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T }>;
  signIn(email: string, password: string): Promise<Session & { cookie: string }>;
  socket(token: string): Promise<Socket>;
  /** What the process wrote, for a failing test's message. */
  output(): string;
  /** Ends the process (SIGKILL: a crash) and waits for it to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const randomAddress = () => `10.${[...randomBytes(3)].join('.')}`;

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The servers of one deployment, each a real process (`src/server/main.ts` through tsx) on the test's
 * PostgreSQL database and the Redis of REDIS_URL, under a Redis prefix of their own.
 */
export class TestCluster implements FixtureServer {
  readonly prefix = `atendo-test-${randomBytes(4).toString('hex')}`;
  /** The servers' data folder, shared as a deployment shares it (a network volume): their media. */
  readonly dataDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-cluster-'));
  private readonly processes: ChildProcess[] = [];
  private readonly sockets: Socket[] = [];
  /** The first server started: the fixtures sign in through it. */
  private first: ServerProcess | undefined;

  constructor(readonly database: TestDatabase) {}

  private get databaseUrl() {
    if (!this.database.url) throw new Error('server processes share PostgreSQL only');
    return this.database.url;
  }

  async start(name: string, env: Record<string, string> = {}): Promise<ServerProcess> {
    const port = await freePort();
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
        ...process.env,
        DATABASE_URL: this.databaseUrl,
        REDIS_URL: process.env.REDIS_URL,
        ATENDO_REDIS_PREFIX: this.prefix,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ATENDO_TEST_CHANNEL: '1',
        ATENDO_LOGIN_RATE_LIMIT: '1000',
        ATENDO_WEB_DIR: '/nonexistent',
        ATENDO_DATA_DIR: this.dataDir,
        // Stopping at once: no balancer to wait for (a test that needs the drain sets it).
        ATENDO_DRAIN_MS: '0',
        ...env,
      },
    });
    this.processes.push(child);
    const append = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    await new Promise<void>((resolve, reject) => {
      child.on('message', (message) => {
        if ((message as { type?: string }).type === 'ready') resolve();
      });
      child.once('exit', (code) => reject(new Error(`server ${name} exited (${code}):\n${output}`)));
    });
    const url = `http://127.0.0.1:${port}`;
    const server: ServerProcess = {
      name,
      url,
      pid: child.pid ?? 0,
      async call(method, route, options = {}) {
        const headers: Record<string, string> = { ...options.headers };
        if (options.token) headers.authorization = `Bearer ${options.token}`;
        if (options.body !== undefined) headers['content-type'] = 'application/json';
        const res = await fetch(`${url}${route}`, {
          method,
          headers,
          body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        });
        if (!(res.headers.get('content-type') ?? '').match(/json|text/)) {
          return { status: res.status, body: Buffer.from(await res.arrayBuffer()) as never };
        }
        const text = await res.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // plain answers stay text
        }
        return { status: res.status, body: body as never };
      },
      async signIn(email, password) {
        const res = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          // Each fixture sign-in from an address of its own: a login limit a test sets counts only its attempts.
          headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
          body: JSON.stringify({ email, password }),
        });
        if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${await res.text()}`);
        const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
        return { ...((await res.json()) as Session), cookie };
      },
      socket: (token) => {
        const socket = connectSocket(url, {
          path: '/socket.io',
          auth: { token },
          transports: ['websocket'],
          reconnection: false,
        });
        this.sockets.push(socket);
        return new Promise((resolve, reject) => {
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        });
      },
      output: () => output,
      kill: (signal = 'SIGKILL') =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill(signal);
        }),
    };
    this.first ??= server;
    return server;
  }

  signIn(email: string, password: string) {
    if (!this.first) throw new Error('start a server first');
    return this.first.signIn(email, password);
  }

  /** Stops every server (SIGTERM: a graceful stop), closes the sockets and removes the data folder. */
  async stop() {
    for (const socket of this.sockets) socket.disconnect();
    await Promise.all(
      this.processes.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
