import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messagesFor } from './messages';
import { contentSecurityPolicy, navigationTarget, originOf, RENDERER_URL, rendererFile } from './security';
import { DEFAULT_BOUNDS, loadWindowBounds, saveWindowBounds } from './window-state';

const directives = (policy: string) =>
  Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('content security policy', () => {
  it('allows the renderer’s own files and connections to the chosen server only', () => {
    const policy = directives(contentSecurityPolicy('http://127.0.0.1:4100'));
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'", 'http://127.0.0.1:4100', 'ws://127.0.0.1:4100']);
    expect(policy['img-src']).toContain('http://127.0.0.1:4100');
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('uses wss for an https team server', () => {
    const policy = directives(contentSecurityPolicy('https://team.example.com'));
    expect(policy['connect-src']).toEqual(["'self'", 'https://team.example.com', 'wss://team.example.com']);
  });

  it('lets Vite’s dev server in only in development', () => {
    const policy = directives(contentSecurityPolicy('http://127.0.0.1:4100', 'http://localhost:5173/'));
    expect(policy['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['connect-src']).toContain('ws://localhost:5173');
  });
});

describe('navigation', () => {
  it('keeps our pages, sends https links to the browser and refuses the rest', () => {
    expect(navigationTarget('app://atendo/index.html#/users', RENDERER_URL)).toBe('stay');
    expect(navigationTarget('https://wa.me/5511999999999', RENDERER_URL)).toBe('external');
    expect(navigationTarget('http://example.com/', RENDERER_URL)).toBe('deny');
    expect(navigationTarget('file:///etc/passwd', RENDERER_URL)).toBe('deny');
    expect(navigationTarget('javascript:alert(1)', RENDERER_URL)).toBe('deny');
    expect(navigationTarget('http://localhost:5173/#/login', 'http://localhost:5173')).toBe('stay');
  });

  it('compares custom-scheme origins, which the URL standard calls "null"', () => {
    expect(new URL('app://atendo/').origin).toBe('null');
    expect(originOf('app://atendo/index.html')).toBe('app://atendo');
    expect(originOf('not a url')).toBeNull();
  });
});

describe('renderer files', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atendo-renderer-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
  writeFileSync(path.join(dir, 'assets', 'index.js'), '');

  it('maps app:// requests to files of the renderer folder', () => {
    expect(rendererFile(dir, 'app://atendo/')).toBe(path.join(dir, 'index.html'));
    expect(rendererFile(dir, 'app://atendo/index.html')).toBe(path.join(dir, 'index.html'));
    expect(rendererFile(dir, 'app://atendo/assets/index.js?v=1')).toBe(path.join(dir, 'assets', 'index.js'));
    expect(rendererFile(dir, 'app://atendo/assets/missing.js')).toBeNull();
    expect(rendererFile(dir, 'app://atendo/assets')).toBeNull();
  });

  it('never serves a file outside it', () => {
    expect(rendererFile(dir, 'app://atendo/%2e%2e/%2e%2e/etc/passwd')).toBeNull();
    expect(rendererFile(dir, 'app://atendo/..%2f..%2fetc%2fpasswd')).toBeNull();
  });
});

describe('window bounds', () => {
  const screens = [{ x: 0, y: 0, width: 1920, height: 1080 }];

  it('remembers the last bounds and whether the window was maximized', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'atendo-window-'));
    expect(loadWindowBounds(dir, screens)).toEqual(DEFAULT_BOUNDS);
    saveWindowBounds(dir, { x: 100, y: 50, width: 1000.4, height: 700 }, true);
    expect(loadWindowBounds(dir, screens)).toEqual({
      x: 100,
      y: 50,
      width: 1000,
      height: 700,
      maximized: true,
    });
  });

  it('falls back to the default place when the saved one is on a screen that is gone', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'atendo-window-'));
    saveWindowBounds(dir, { x: 3000, y: 0, width: 1000, height: 700 }, false);
    expect(loadWindowBounds(dir, screens)).toEqual(DEFAULT_BOUNDS);
  });
});

describe('main-process messages', () => {
  it('speak the user’s language, Portuguese by default', () => {
    expect(messagesFor('en-US').firstStartMessage).toMatch(/super administrator/);
    expect(messagesFor('es').firstStartMessage).toMatch(/superadministrador/);
    expect(messagesFor('tr-TR').firstStartMessage).toMatch(/süper yönetici/);
    expect(messagesFor('pt-BR')).toBe(messagesFor('de'));
    expect(messagesFor('pt').firstStartDetail({ email: 'a@b.c', password: 'p4ss' })).toContain('p4ss');
  });
});
