import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './web';

const dir = mkdtempSync(path.join(os.tmpdir(), 'atendo-web-'));
const app = Fastify();
const script = 'console.log("inbox");'.repeat(100);

beforeAll(async () => {
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Atendo</title>');
  const asset = path.join(dir, 'assets', 'index-a1b2c3.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  await registerWeb(app, dir);
  app.setNotFoundHandler((_req, reply) => reply.sendFile('index.html'));
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web client files', () => {
  it('serves the build’s brotli or gzip copy to whoever accepts it, the plain file otherwise', async () => {
    const br = await get('/assets/index-a1b2c3.js', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    const gz = await get('/assets/index-a1b2c3.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-a1b2c3.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches hashed assets for a year, immutable, and revalidates index.html on every visit', async () => {
    expect((await get('/assets/index-a1b2c3.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    // A client-side route loads the same page.
    const route = await get('/tickets/abc');
    expect(route.body).toContain('<title>Atendo</title>');
    expect(route.headers['cache-control']).toBe('no-cache');
  });
});
