import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDesktopSettingsStore, DESKTOP_SETTINGS_FILE } from './desktop-settings';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const aDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atendo-settings-'));
  dirs.push(dir);
  return dir;
};

describe('the desktop settings', () => {
  it('start as the defaults and keep what the user chose across restarts', () => {
    const dir = aDir();
    expect(createDesktopSettingsStore(dir).get()).toEqual({ startMinimized: false, updateChannel: 'stable' });
    createDesktopSettingsStore(dir).set({ startMinimized: true, updateChannel: 'beta' });
    expect(createDesktopSettingsStore(dir).get()).toEqual({ startMinimized: true, updateChannel: 'beta' });
  });

  it('read a damaged file as the defaults and refuse to store nonsense', () => {
    const dir = aDir();
    writeFileSync(path.join(dir, DESKTOP_SETTINGS_FILE), '{"startMinimized": "yes"');
    const store = createDesktopSettingsStore(dir);
    expect(store.get().startMinimized).toBe(false);
    expect(() => store.set({ startMinimized: true, updateChannel: 'nightly' as never })).toThrow();
  });
});
