import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createConnection } from './connection';
import type { EmbeddedReady, EmbeddedServer } from './embedded-server';
import { createServerModeStore } from './server-mode';

function fakeEmbedded() {
  const listeners = new Set<(ready: EmbeddedReady) => void>();
  let resolveStart: (ready: EmbeddedReady) => void = () => undefined;
  const embedded = {
    start: vi.fn(() => new Promise<EmbeddedReady>((resolve) => (resolveStart = resolve))),
    stop: vi.fn(async () => undefined),
    onReady: (listener: (ready: EmbeddedReady) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    address: async () => 'http://127.0.0.1:4100',
  } satisfies Pick<EmbeddedServer, 'start' | 'stop' | 'onReady' | 'address'>;
  const ready = (value: EmbeddedReady) => {
    resolveStart(value);
    for (const listener of listeners) listener(value);
  };
  return { embedded, ready };
}

function setup() {
  const modes = createServerModeStore(mkdtempSync(path.join(os.tmpdir(), 'atendo-connection-')));
  const { embedded, ready } = fakeEmbedded();
  const session = { login: vi.fn(async () => ({}) as never), reset: vi.fn() };
  const onFirstStart = vi.fn();
  const connection = createConnection({ modes, embedded, session, onFirstStart });
  return { connection, modes, embedded, ready, session, onFirstStart };
}

const seeded = { email: 'admin@atendo.local', password: 'generated' };

describe('connection', () => {
  it('runs Local by default: the origin is the embedded server once it is ready', async () => {
    const { connection, embedded, ready } = setup();
    connection.start();
    expect(embedded.start).toHaveBeenCalledOnce();
    await expect(connection.policyOrigin()).resolves.toBe('http://127.0.0.1:4100');
    ready({ url: 'http://127.0.0.1:4100', port: 4100 });
    await expect(connection.origin()).resolves.toBe('http://127.0.0.1:4100');
  });

  it('signs in with the seeded super administrator on the first start, then shows the credentials once', async () => {
    const { connection, ready, session, onFirstStart } = setup();
    connection.start();
    ready({ url: 'http://127.0.0.1:4100', port: 4100, seeded });
    await connection.settled();
    expect(session.login).toHaveBeenCalledExactlyOnceWith(seeded);
    expect(onFirstStart).toHaveBeenCalledExactlyOnceWith(seeded);
  });

  it('still shows the credentials when that sign-in fails', async () => {
    const { connection, ready, session, onFirstStart } = setup();
    session.login.mockRejectedValueOnce(new Error('ERR_OUT_OF_HOURS'));
    connection.start();
    ready({ url: 'http://127.0.0.1:4100', port: 4100, seeded });
    await connection.settled();
    expect(onFirstStart).toHaveBeenCalledOnce();
  });

  it('follows the embedded server to another port after a crash restart', async () => {
    const { connection, ready } = setup();
    connection.start();
    ready({ url: 'http://127.0.0.1:4100', port: 4100 });
    ready({ url: 'http://127.0.0.1:4200', port: 4200 });
    await expect(connection.origin()).resolves.toBe('http://127.0.0.1:4200');
  });

  it('switches to Remote: forgets the session, stops the embedded server, talks to the team server', async () => {
    const { connection, embedded, ready, session, modes } = setup();
    connection.start();
    ready({ url: 'http://127.0.0.1:4100', port: 4100 });
    const result = await connection.setMode({ mode: 'remote', url: 'https://team.example.com/' });
    expect(result).toEqual({ mode: { mode: 'remote', url: 'https://team.example.com' }, changed: true });
    expect(modes.get()).toEqual({ mode: 'remote', url: 'https://team.example.com' });
    expect(session.reset).toHaveBeenCalledOnce();
    expect(embedded.stop).toHaveBeenCalledOnce();
    await expect(connection.origin()).resolves.toBe('https://team.example.com');
    await expect(connection.policyOrigin()).resolves.toBe('https://team.example.com');
    // A late ready from the old embedded server changes nothing.
    ready({ url: 'http://127.0.0.1:4300', port: 4300 });
    await expect(connection.origin()).resolves.toBe('https://team.example.com');
  });

  it('switches back to Local: starts the embedded server again', async () => {
    const { connection, embedded, ready } = setup();
    await connection.setMode({ mode: 'remote', url: 'https://team.example.com' });
    connection.start();
    await connection.setMode({ mode: 'local' });
    expect(embedded.start).toHaveBeenCalledOnce();
    ready({ url: 'http://127.0.0.1:4100', port: 4100 });
    await expect(connection.origin()).resolves.toBe('http://127.0.0.1:4100');
  });

  it('stores the first choice of the running mode without restarting anything', async () => {
    const { connection, embedded, session, modes } = setup();
    connection.start();
    await expect(connection.setMode({ mode: 'local' })).resolves.toEqual({
      mode: { mode: 'local' },
      changed: false,
    });
    expect(modes.get()).toEqual({ mode: 'local' });
    expect(session.reset).not.toHaveBeenCalled();
    expect(embedded.start).toHaveBeenCalledOnce();
  });
});
