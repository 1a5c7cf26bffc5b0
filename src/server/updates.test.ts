import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/server';

let server: TestServer;
let updatesDir: string;
beforeAll(async () => {
  updatesDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-updates-'));
  writeFileSync(path.join(updatesDir, 'latest.yml'), 'version: 1.2.0\npath: Atendo-Setup-1.2.0.exe\n');
  server = await startTestServer({ updatesDir });
});
afterAll(async () => {
  await server.stop();
  rmSync(updatesDir, { recursive: true, force: true });
});

describe('the desktop app’s update feed', () => {
  it('is served from the server’s updates folder at /updates/, to anyone (the app checks before signing in)', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/updates/latest.yml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('version: 1.2.0');
  });

  it('answers 404 for a file it does not have, never the web client', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/updates/beta.yml' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NOT_FOUND' });
  });
});
