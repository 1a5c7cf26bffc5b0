import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/api';
import { loadConfig } from '../platform/config';
import { aCompany, FIXTURE_PASSWORD, startTestServer, type TestServer } from '../test/server';

let server: TestServer;
let webDir: string;
const PAINT = "document.documentElement.style.background = '#121212';";
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'atendo-web-'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    `<!doctype html><title>Atendo</title><script>${PAINT}</script><script type="module" src="/a.js"></script>`,
  );
  server = await startTestServer({ webDir, trustProxy: 1 });
});
afterAll(async () => {
  await server.stop();
  rmSync(webDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('come with the web client and the API: CSP with frame-ancestors none, nosniff, Referrer-Policy', async () => {
    for (const url of ['/', '/tickets', '/api/auth/me']) {
      const res = await server.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      // The page's own inline script runs (by its hash, as served); no other inline script would.
      expect(csp).toContain(`'sha256-${createHash('sha256').update(PAINT).digest('base64')}'`);
      expect(csp).not.toContain("'unsafe-inline' https");
      // The help page's players, and nothing else, may be framed by the client.
      expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('let the Facebook login SDK in only when a Meta app is configured', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/' });
    expect(String(plain.headers['content-security-policy'])).not.toContain('facebook');
    const withApp = await startTestServer({
      webDir,
      graph: { ...loadConfig({}).graph, appId: '1234' },
    });
    try {
      const res = await withApp.app.inject({ method: 'GET', url: '/' });
      expect(String(res.headers['content-security-policy'])).toMatch(
        /script-src 'self' 'sha256-[^']+' https:\/\/connect\.facebook\.net/,
      );
    } finally {
      await withApp.stop();
    }
  });
});

describe('the refresh cookie', () => {
  const signIn = (headers: Record<string, string>) =>
    aCompany(server).then(async (company) => {
      const res = await server.call(
        api.auth.login,
        { body: { email: company.admin.email, password: FIXTURE_PASSWORD } },
        { headers },
      );
      return String(res.headers['set-cookie']);
    });

  it('is Secure when the request came over HTTPS through a trusted proxy, SameSite=Lax always', async () => {
    const https = await signIn({ 'x-forwarded-proto': 'https' });
    expect(https).toMatch(/; Secure/);
    expect(https).toMatch(/SameSite=Lax/);
    const http = await signIn({});
    expect(http).not.toMatch(/; Secure/);
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    const direct = await startTestServer();
    try {
      const company = await aCompany(direct);
      const res = await direct.call(
        api.auth.login,
        { body: { email: company.admin.email, password: FIXTURE_PASSWORD } },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
      expect(String(res.headers['set-cookie'])).not.toMatch(/; Secure/);
    } finally {
      await direct.stop();
    }
  });
});

describe('the test channel', () => {
  it('refuses to start with NODE_ENV=production', () => {
    expect(() => loadConfig({ ATENDO_TEST_CHANNEL: '1', NODE_ENV: 'production' })).toThrow(/production/);
    expect(loadConfig({ ATENDO_TEST_CHANNEL: '1' }).testChannel).toBe(true);
  });
});
