#!/usr/bin/env node
// better-sqlite3 (the desktop's offline cache) built for Electron, kept apart from the Node build in
// node_modules that the tests use: node_modules keeps Node's ABI, .electron-native/ holds Electron's,
// one file per better-sqlite3 version, Electron version, system and architecture, made once.
// `npm start` and `npm run dev:desktop` call it and hand the file to the main process
// (ATENDO_ELECTRON_SQLITE), which passes it to better-sqlite3 as its nativeBinding.
//   node scripts/electron-sqlite.mjs [--platform darwin] [--arch arm64]   prints the file
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The variable the main process reads the Electron build's path from (src/main/sqlite-binding.ts). */
export const ELECTRON_SQLITE_ENV = 'ATENDO_ELECTRON_SQLITE';
const BINARY = 'better_sqlite3.node';

const versionOf = (name) => JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;

/** What the Electron build is for: this checkout's better-sqlite3 and Electron, a system and an architecture. */
export function electronTarget({ platform = process.platform, arch = process.arch } = {}) {
  return { sqlite: versionOf('better-sqlite3'), electron: versionOf('electron'), platform, arch };
}

/** Where the Electron build of a target is kept (ATENDO_ELECTRON_NATIVE_DIR moves the folder: tests). */
export function electronSqliteFile(target, env = process.env) {
  const dir = env.ATENDO_ELECTRON_NATIVE_DIR ?? path.join(root, '.electron-native');
  const name = `better-sqlite3-${target.sqlite}-electron-${target.electron}-${target.platform}-${target.arch}`;
  return path.join(dir, name, BINARY);
}

/** better-sqlite3's published build for Electron (prebuild-install, as `npm ci` fetches the Node one). */
async function downloadPrebuilt(target, staging, env, log) {
  cpSync(require.resolve('better-sqlite3/package.json'), path.join(staging, 'package.json'));
  const bin = path.join(path.dirname(require.resolve('prebuild-install/package.json')), 'bin.js');
  const args = ['--runtime', 'electron', '--target', target.electron];
  args.push('--platform', target.platform, '--arch', target.arch);
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: staging,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const status = await new Promise((resolve) => child.on('close', resolve));
  const built = path.join(staging, 'build/Release', BINARY);
  if (status === 0 && existsSync(built)) return built;
  log(`no prebuilt better-sqlite3 for Electron ${target.electron} (${stderr.trim().split('\n').at(-1)})`);
  return null;
}

/** Compiles it from source against Electron's headers (@electron/rebuild; needs a C++ toolchain). */
async function compile(target, staging, log) {
  if (target.platform !== process.platform) return null;
  log(`compiling better-sqlite3 for Electron ${target.electron}…`);
  const app = path.join(staging, 'app');
  cpSync(
    path.dirname(require.resolve('better-sqlite3/package.json')),
    path.join(app, 'node_modules/better-sqlite3'),
    {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}build${path.sep}`),
    },
  );
  cpSync(require.resolve('better-sqlite3/package.json'), path.join(app, 'package.json'));
  const { rebuild } = await import(pathToFileURL(require.resolve('@electron/rebuild')).href);
  await rebuild({
    buildPath: app,
    electronVersion: target.electron,
    arch: target.arch,
    onlyModules: ['better-sqlite3'],
    force: true,
    buildFromSource: true,
  });
  const built = path.join(app, 'node_modules/better-sqlite3/build/Release', BINARY);
  return existsSync(built) ? built : null;
}

/**
 * The Electron build of better-sqlite3 for `target`, made on first use (downloaded, else compiled) and
 * kept; never touches node_modules, so the Node tests keep their build.
 */
export async function ensureElectronSqlite(
  target = electronTarget(),
  { env = process.env, log = console.log } = {},
) {
  const file = electronSqliteFile(target, env);
  if (existsSync(file)) return file;
  mkdirSync(path.dirname(file), { recursive: true });
  const staging = mkdtempSync(`${path.dirname(file)}.staging-`);
  try {
    log(`Building better-sqlite3 for Electron ${target.electron} (${target.platform}-${target.arch}), once…`);
    const built =
      (await downloadPrebuilt(target, staging, env, log)) ?? (await compile(target, staging, log));
    if (!built)
      throw new Error(
        `better-sqlite3 could not be built for Electron ${target.electron}: no prebuilt binary could be downloaded and it could not be compiled (a C++ toolchain is needed; see docs/desktop.md)`,
      );
    renameSync(built, file);
    return file;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { platform: { type: 'string' }, arch: { type: 'string' } } });
  const target = electronTarget({ platform: values.platform, arch: values.arch });
  ensureElectronSqlite(target, { log: (line) => console.error(line) }).then(
    (file) => console.log(file),
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
