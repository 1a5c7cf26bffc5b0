import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerModeStore, effectiveMode, SERVER_MODE_FILE } from './server-mode';

const userData = () => mkdtempSync(path.join(os.tmpdir(), 'atendo-mode-'));

describe('server mode', () => {
  it('is not chosen on the first run, and the app then runs Local', () => {
    const store = createServerModeStore(userData());
    expect(store.get()).toBeNull();
    expect(effectiveMode(store.get())).toEqual({ mode: 'local' });
  });

  it('keeps the chosen mode in a JSON file of the user-data folder', () => {
    const dir = userData();
    createServerModeStore(dir).set({ mode: 'remote', url: 'https://atendo.example.com' });
    expect(JSON.parse(readFileSync(path.join(dir, SERVER_MODE_FILE), 'utf8'))).toEqual({
      mode: 'remote',
      url: 'https://atendo.example.com',
    });
    expect(createServerModeStore(dir).get()).toEqual({ mode: 'remote', url: 'https://atendo.example.com' });
    createServerModeStore(dir).set({ mode: 'local' });
    expect(createServerModeStore(dir).get()).toEqual({ mode: 'local' });
  });

  it('keeps only the origin of a remote URL (the API and Socket.IO live at its root)', () => {
    const store = createServerModeStore(userData());
    expect(store.set({ mode: 'remote', url: ' http://10.0.0.5:8080/atendo/ ' })).toEqual({
      mode: 'remote',
      url: 'http://10.0.0.5:8080',
    });
  });

  it('refuses a remote URL that is not http(s)', () => {
    const store = createServerModeStore(userData());
    expect(() => store.set({ mode: 'remote', url: 'file:///etc/passwd' })).toThrow();
    expect(() => store.set({ mode: 'remote', url: 'not a url' })).toThrow();
    expect(store.get()).toBeNull();
  });

  it('treats a damaged file as no choice', () => {
    const dir = userData();
    writeFileSync(path.join(dir, SERVER_MODE_FILE), '{"mode":"remote"');
    expect(createServerModeStore(dir).get()).toBeNull();
    writeFileSync(path.join(dir, SERVER_MODE_FILE), '{"mode":"remote","url":"ftp://x"}');
    expect(createServerModeStore(dir).get()).toBeNull();
  });
});
