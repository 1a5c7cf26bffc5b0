import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import type { Configuration } from 'electron-builder';
import { resolveConfig } from 'electron-vite';
import { minimatch } from 'minimatch';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEEP_LINK_SCHEME } from './deep-link';
import { PACKAGED_RESOURCES } from './resources';

// electron-builder cannot run here (no Electron binary to download): its own loader and schema check
// the configuration instead, and the files it names are looked for in the repository.
const root = path.resolve(import.meta.dirname, '../..');
let config: Configuration;
beforeAll(async () => {
  config = await getConfig(root, path.join(root, 'electron-builder.yml'), null);
  await validateConfiguration(config, new DebugLogger(false));
});

const targetsOf = (platform: Configuration['win']) =>
  ((platform?.target ?? []) as { target: string }[]).map((t) => t.target);
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** Every file under a folder of the repository, as paths from the repository's root. */
function filesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

describe('the desktop packaging (electron-builder.yml)', () => {
  it('is a configuration electron-builder accepts, for its app id and product name', () => {
    expect(config).toMatchObject({ appId: 'com.atendo.desktop', productName: 'Atendo' });
  });

  it('builds nsis for Windows, dmg for macOS, and AppImage and deb for Linux', () => {
    expect(targetsOf(config.win)).toEqual(['nsis']);
    expect(targetsOf(config.mac)).toEqual(['dmg']);
    expect(targetsOf(config.linux)).toEqual(['AppImage', 'deb']);
  });

  it('rebuilds the native modules for Electron and keeps their code out of the asar archive', () => {
    expect(config.npmRebuild).not.toBe(false);
    expect(packageJson.dependencies).toHaveProperty('better-sqlite3');
    const unpacked = config.asarUnpack as string[];
    const native = filesUnder('node_modules/better-sqlite3/build/Release').filter((f) => f.endsWith('.node'));
    expect(native.length).toBeGreaterThan(0);
    for (const file of native)
      expect(
        unpacked.some((glob) => minimatch(file, glob)),
        file,
      ).toBe(true);
  });

  it('unpacks the embedded database’s WebAssembly, data bundle and pg_trgm extension', () => {
    const unpacked = config.asarUnpack as string[];
    for (const file of ['pglite.wasm', 'pglite.data', 'initdb.wasm', 'pg_trgm.tar.gz']) {
      const full = `node_modules/@electric-sql/pglite/dist/${file}`;
      expect(existsSync(path.join(root, full)), full).toBe(true);
      expect(
        unpacked.some((glob) => minimatch(full, glob)),
        full,
      ).toBe(true);
    }
    expect(packageJson.dependencies).toHaveProperty('@electric-sql/pglite');
  });

  it('puts the server’s and the cache’s migrations and the tray icons where the app reads them', () => {
    const extra = config.extraResources as { from: string; to: string }[];
    for (const { source, packaged } of Object.values(PACKAGED_RESOURCES)) {
      expect(extra).toContainEqual(expect.objectContaining({ from: source, to: packaged }));
    }
    for (const folder of [PACKAGED_RESOURCES.serverMigrations, PACKAGED_RESOURCES.cacheMigrations]) {
      expect(existsSync(path.join(root, folder.source, 'meta/_journal.json')), folder.source).toBe(true);
    }
    for (const name of ['tray', 'tray-1', 'tray-9', 'tray-9plus', 'overlay-5', 'overlay-9plus']) {
      for (const size of ['', '@2x']) {
        expect(existsSync(path.join(root, 'resources/tray', `${name}${size}.png`)), name + size).toBe(true);
      }
    }
    expect(existsSync(path.join(root, 'build/icon.png'))).toBe(true);
  });

  it('registers the atendo:// links and asks macOS users for the microphone and the camera', () => {
    expect(config.protocols).toEqual([expect.objectContaining({ schemes: [DEEP_LINK_SCHEME] })]);
    expect(config.mac?.extendInfo).toMatchObject({
      NSMicrophoneUsageDescription: expect.any(String),
      NSCameraUsageDescription: expect.any(String),
    });
  });

  it('publishes a generic update feed with a beta channel beside the stable one', () => {
    expect(config.publish).toMatchObject({ provider: 'generic' });
    expect(config.generateUpdatesFilesForAllChannels).toBe(true);
  });
});

describe('the desktop build (electron.vite.config.ts)', () => {
  it('bundles all the sandboxed preload needs but Electron, the one module it may require', async () => {
    const { config: targets } = await resolveConfig({ root, logLevel: 'silent' }, 'build', 'production');
    const preload = targets?.preload;
    if (!preload) throw new Error('electron.vite.config.ts has no preload build');
    const built = await build({ ...preload, build: { ...preload.build, write: false } });
    const chunks = (Array.isArray(built) ? built : [built])
      .flatMap((result) => ('output' in result ? result.output : []))
      .flatMap((file) => (file.type === 'chunk' ? [file.code] : []));
    expect(chunks).toHaveLength(1);
    const required = [...chunks[0]!.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    expect(required).toEqual(['electron']);
  });
});
