import { EventEmitter } from 'node:events';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ChildProcessHandle,
  createEmbeddedServer,
  type EmbeddedServerOptions,
  findFreePort,
  type UtilityProcessApi,
} from './embedded-server';

/** A utilityProcess child the test drives by hand. */
class FakeChild extends EventEmitter {
  messages: unknown[] = [];
  killed = false;
  constructor(
    readonly entry: string,
    readonly env: Record<string, string | undefined>,
  ) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  kill() {
    this.killed = true;
    setImmediate(() => this.exit(-1));
    return true;
  }
  ready(seeded?: { email: string; password: string }) {
    this.emit('message', { type: 'ready', port: Number(this.env.PORT), url: 'ignored', seeded });
  }
  exit(code: number) {
    this.emit('exit', code);
  }
}

function fakeUtilityProcess() {
  const children: FakeChild[] = [];
  const api: UtilityProcessApi = {
    fork(entry, _args, options) {
      const child = new FakeChild(entry, options.env);
      children.push(child);
      return child as unknown as ChildProcessHandle;
    },
  };
  return { api, children };
}

let ports = 40000;
function setup(overrides: Partial<EmbeddedServerOptions> = {}) {
  const fake = fakeUtilityProcess();
  const server = createEmbeddedServer({
    utilityProcess: fake.api,
    serverEntry: '/app/dist/server/main.js',
    dataDir: '/user-data/data',
    webDir: '/app/out/renderer',
    migrationsDir: '/app/resources/migrations',
    findFreePort: async (preferred) => preferred ?? ports++,
    baseEnv: { PATH: '/usr/bin' },
    startTimeoutMs: 200,
    stopTimeoutMs: 200,
    backoffMs: (attempt) => 20 * 2 ** attempt,
    ...overrides,
  });
  return { server, children: fake.children };
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 2000 });

afterEach(() => {
  vi.useRealTimers();
});

describe('embedded server', () => {
  it('forks the server entry on a loopback port with its folders and waits for ready', async () => {
    const { server, children } = setup();
    const started = server.start();
    await until(() => children.length === 1);
    const [child] = children;
    expect(child!.entry).toBe('/app/dist/server/main.js');
    expect(child!.env).toMatchObject({
      PATH: '/usr/bin',
      HOST: '127.0.0.1',
      ATENDO_DATA_DIR: '/user-data/data',
      ATENDO_WEB_DIR: '/app/out/renderer',
      ATENDO_MIGRATIONS_DIR: '/app/resources/migrations',
    });
    const port = Number(child!.env.PORT);
    await expect(server.address()).resolves.toBe(`http://127.0.0.1:${port}`);
    child!.ready({ email: 'admin@atendo.local', password: 'generated' });
    await expect(started).resolves.toEqual({
      url: `http://127.0.0.1:${port}`,
      port,
      seeded: { email: 'admin@atendo.local', password: 'generated' },
    });
    expect(server.running()).toBe(true);
    expect(server.start()).toBe(started);
  });

  it('ignores messages that are not a ready message', async () => {
    const { server, children } = setup({ startTimeoutMs: 100 });
    const started = server.start();
    await until(() => children.length === 1);
    children[0]!.emit('message', { type: 'log', port: 1 });
    children[0]!.emit('message', 'ready');
    await expect(started).rejects.toThrow('timed out');
    await server.stop();
  });

  it('gives up on a start that takes too long: kills the child, rejects, and tries again', async () => {
    const { server, children } = setup({ startTimeoutMs: 50 });
    const started = server.start();
    await expect(started).rejects.toThrow('timed out');
    expect(children[0]!.killed).toBe(true);
    await until(() => children.length === 2);
    await server.stop();
  });

  it('restarts a crashed server with growing delays, on the same port, and announces each ready', async () => {
    const { server, children } = setup();
    const readies: string[] = [];
    server.onReady((ready) => readies.push(ready.url));
    const started = server.start();
    await until(() => children.length === 1);
    children[0]!.ready();
    const { url } = await started;

    const crashedAt = Date.now();
    children[0]!.exit(1);
    expect(server.running()).toBe(false);
    await until(() => children.length === 2);
    children[1]!.exit(1);
    await until(() => children.length === 3);
    // Two failures in a row: 20 ms, then 40 ms.
    expect(Date.now() - crashedAt).toBeGreaterThanOrEqual(55);
    expect(children[2]!.env.PORT).toBe(children[0]!.env.PORT);
    children[2]!.ready();
    await until(() => readies.length === 2);
    expect(readies).toEqual([url, url]);
    await server.stop();
  });

  it('resets the backoff once a restart is ready', async () => {
    const backoff = vi.fn(() => 10);
    const { server, children } = setup({ backoffMs: backoff });
    server.start();
    await until(() => children.length === 1);
    children[0]!.ready();
    children[0]!.exit(1);
    await until(() => children.length === 2);
    children[1]!.ready();
    children[1]!.exit(1);
    await until(() => children.length === 3);
    expect(backoff.mock.calls).toEqual([[0], [0]]);
    await server.stop();
  });

  it('stops on quit: asks the server to stop, waits for it, and does not restart it', async () => {
    const { server, children } = setup();
    server.start();
    await until(() => children.length === 1);
    children[0]!.ready();
    const stopped = server.stop();
    expect(children[0]!.messages).toEqual([{ type: 'stop' }]);
    setTimeout(() => children[0]!.exit(0), 10);
    await stopped;
    expect(children[0]!.killed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(children).toHaveLength(1);
  });

  it('starts afresh after a stop without the old server’s exit causing a second restart', async () => {
    const { server, children } = setup();
    server.start();
    await until(() => children.length === 1);
    children[0]!.ready();
    const stopped = server.stop();
    const restarted = server.start();
    await until(() => children.length === 2);
    children[0]!.exit(0);
    await stopped;
    children[1]!.ready();
    await restarted;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(children).toHaveLength(2);
    expect(server.running()).toBe(true);
    await server.stop();
  });

  it('kills a server that does not stop within the grace period', async () => {
    const { server, children } = setup({ stopTimeoutMs: 30 });
    server.start();
    await until(() => children.length === 1);
    children[0]!.ready();
    await server.stop();
    expect(children[0]!.killed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(children).toHaveLength(1);
  });

  it('does not restart a crash that happens after stop was asked', async () => {
    const { server, children } = setup();
    server.start();
    await until(() => children.length === 1);
    children[0]!.ready();
    children[0]!.exit(1);
    await server.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(children).toHaveLength(1);
  });
});

describe('free port', () => {
  it('keeps the preferred port when it is free and picks another when it is taken', async () => {
    const port = await findFreePort();
    expect(port).toBeGreaterThan(0);
    expect(await findFreePort(port)).toBe(port);
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      const other = await findFreePort(port);
      expect(other).not.toBe(port);
    } finally {
      holder.close();
    }
  });
});
