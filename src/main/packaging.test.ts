import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import type { Configuration } from 'electron-builder';
import { resolveConfig } from 'electron-vite';
import { minimatch } from 'minimatch';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { externalsOf, packageOf, productionDependencies } from '../../scripts/bundle-externals.mjs';
import { APP_ID } from './app-id';
import { DEEP_LINK_SCHEME } from './deep-link';
import { PACKAGED_RESOURCES, SERVER_ENTRY } from './resources';
import { MAC_TRAY_ICON } from './tray';

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
const archesOf = (platform: Configuration['mac'], target: string) =>
  ((platform?.target ?? []) as { target: string; arch: string[] }[]).find((t) => t.target === target)?.arch;
const matchesAny = (file: string, globs: string[]) => globs.some((glob) => minimatch(file, glob));
/** electron-builder's `files` patterns (its loader turns the list into one file set's filter). */
const filePatterns = () =>
  (config.files as ({ filter?: string[] } | string)[]).flatMap((set) =>
    typeof set === 'string' ? [set] : (set.filter ?? []),
  );
/** The `files` exclusions, which electron-builder applies to node_modules too. */
const excludedFiles = () =>
  filePatterns()
    .filter((g) => g.startsWith('!'))
    .map((g) => g.slice(1));
/** Whether electron-builder's `files` keep a file of the app: matched by an inclusion, by no exclusion. */
const packed = (file: string) =>
  matchesAny(
    file,
    filePatterns().filter((g) => !g.startsWith('!')),
  ) && !matchesAny(file, excludedFiles());
const lockfile = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean }>;
};
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
  it('is a configuration electron-builder accepts, for the app id main gives Windows and its product name', () => {
    expect(config).toMatchObject({ appId: APP_ID, productName: 'Atendo' });
  });

  it('builds nsis for Windows, dmg and the zip Squirrel.Mac updates from for macOS, AppImage and deb for Linux', () => {
    expect(targetsOf(config.win)).toEqual(['nsis']);
    expect(targetsOf(config.mac)).toEqual(['dmg', 'zip']);
    expect(archesOf(config.mac, 'zip')).toEqual(archesOf(config.mac, 'dmg'));
    expect(archesOf(config.mac, 'zip')).toEqual(['x64', 'arm64']);
    expect(targetsOf(config.linux)).toEqual(['AppImage', 'deb']);
  });

  it('runs macOS under the hardened runtime with the microphone and camera entitled, notarised when configured', () => {
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true });
    const entitlements = config.mac?.entitlements;
    expect(entitlements).toBeTruthy();
    expect(config.mac?.entitlementsInherit).toBe(entitlements);
    const plist = readFileSync(path.join(root, entitlements!), 'utf8');
    const granted = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((m) => m[1]);
    expect(granted.sort()).toEqual(
      [
        'com.apple.security.cs.allow-jit',
        'com.apple.security.cs.allow-unsigned-executable-memory',
        'com.apple.security.device.audio-input',
        'com.apple.security.device.camera',
      ].sort(),
    );
    // Signing comes from the environment (CSC_LINK…), never from a file named here.
    for (const platform of [config.mac, config.win]) {
      expect(platform).not.toHaveProperty('cscLink');
      expect(platform).not.toHaveProperty('identity');
    }
  });

  it('sets Electron’s fuses: no Node mode, no inspector, only its own verified asar, encrypted cookies', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeCliInspectArguments: false,
      enableNodeOptionsEnvironmentVariable: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
    // The fuses need the app in an asar archive.
    expect(config.asar).not.toBe(false);
  });

  it('packs the bundles and the embedded server, but no TypeScript loader or compiler', () => {
    for (const file of [
      'out/main/index.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      SERVER_ENTRY,
    ])
      expect(packed(file), file).toBe(true);
    expect(packed('dist/server/main.js.map')).toBe(false);
    for (const file of [
      'node_modules/tsx/dist/cli.mjs',
      'node_modules/esbuild/lib/main.js',
      'node_modules/@esbuild/linux-x64/bin/esbuild',
    ])
      expect(matchesAny(file, excludedFiles()), file).toBe(true);
  });

  it('rebuilds the native modules for Electron and keeps every native file of the app out of the asar archive', () => {
    expect(config.npmRebuild).not.toBe(false);
    expect(packageJson.dependencies).toHaveProperty('better-sqlite3');
    const unpacked = config.asarUnpack as string[];
    // Every package the app ships (the lockfile's production tree) that is installed here.
    const shipped = Object.entries(lockfile.packages)
      .filter(
        ([where, entry]) =>
          where.startsWith('node_modules/') && !entry.dev && existsSync(path.join(root, where)),
      )
      .map(([where]) => where);
    const native = new Set(
      shipped.flatMap((where) =>
        filesUnder(where).filter((file) => /\.(node|dylib|dll)$|\.so(\.\d+)*$/.test(file)),
      ),
    );
    const names = [...native].map((file) => path.basename(file));
    // better-sqlite3's addon, and sharp's addon and libvips (this system's build of them).
    expect(names).toContain('better_sqlite3.node');
    expect(names.some((name) => name.startsWith('sharp-'))).toBe(true);
    expect(names.some((name) => name.startsWith('libvips'))).toBe(true);
    for (const file of native)
      if (!matchesAny(file, excludedFiles())) expect(matchesAny(file, unpacked), file).toBe(true);
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
    for (const name of [
      'tray',
      MAC_TRAY_ICON,
      'tray-1',
      'tray-9',
      'tray-9plus',
      'overlay-5',
      'overlay-9plus',
    ]) {
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

  it('publishes a generic update feed with a beta channel beside the stable one, and differential updates', () => {
    expect(config.publish).toMatchObject({ provider: 'generic' });
    expect(config.generateUpdatesFilesForAllChannels).toBe(true);
    // Blockmaps: NSIS packages are made for differential downloads; zip, dmg and AppImage get theirs by default.
    expect(config.nsis?.differentialPackage).toBe('store-asar');
    expect(config.dmg?.writeUpdateInfo).not.toBe(false);
  });
});

describe('the desktop build (electron.vite.config.ts)', () => {
  /** The code of one of electron-vite's builds, made in memory. */
  async function chunksOf(which: 'main' | 'preload') {
    const { config: targets } = await resolveConfig({ root, logLevel: 'silent' }, 'build', 'production');
    const target = targets?.[which];
    if (!target) throw new Error(`electron.vite.config.ts has no ${which} build`);
    const built = await build({ ...target, build: { ...target.build, write: false } });
    return (Array.isArray(built) ? built : [built])
      .flatMap((result) => ('output' in result ? result.output : []))
      .flatMap((file) => (file.type === 'chunk' ? [file.code] : []));
  }

  it('bundles all the sandboxed preload needs but Electron, the one module it may require', async () => {
    const chunks = await chunksOf('preload');
    expect(chunks).toHaveLength(1);
    expect(externalsOf(chunks[0]!)).toEqual(['electron']);
  });

  it('leaves external in main only Node, Electron and the dependencies an installer ships', async () => {
    const dependencies = productionDependencies();
    const externals = (await chunksOf('main')).flatMap(externalsOf);
    expect(externals).toContain('electron');
    const stray = externals.filter(
      (name) => !isBuiltin(name) && name !== 'electron' && !dependencies.includes(packageOf(name)),
    );
    expect(stray).toEqual([]);
  }, 60_000);
});
