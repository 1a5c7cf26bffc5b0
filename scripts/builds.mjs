// The three builds the start scripts need, each made only when its sources are newer than its output:
// the web client (dist/web), the server (dist/server/main.js) and the desktop's main, preload and
// renderer (out/). Used by scripts/start.mjs and scripts/e2e-server.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** A package's command-line script, run with this Node (no npx, no .cmd shims on Windows). */
export function binOf(name, command = name) {
  const manifest = require.resolve(`${name}/package.json`);
  const { bin } = require(manifest);
  return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin[command]);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** The builds: what each one writes last, what it is made from, and how. */
export const BUILDS = {
  web: {
    label: 'the web client',
    output: 'dist/web/index.html',
    sources: ['src/renderer', 'src/shared', 'vite.web.config.ts', 'package.json'],
    command: () => [binOf('vite'), 'build', '--config', 'vite.web.config.ts', '--logLevel', 'warn'],
  },
  server: {
    label: 'the server',
    output: 'dist/server/main.js',
    sources: ['src/server', 'src/shared', 'vite.server.config.ts', 'package.json'],
    command: () => [binOf('vite'), 'build', '--config', 'vite.server.config.ts'],
  },
  desktop: {
    label: 'the desktop app',
    output: 'out/main/index.js',
    sources: [
      'src/main',
      'src/preload',
      'src/renderer',
      'src/shared',
      'electron.vite.config.ts',
      'package.json',
    ],
    command: () => [binOf('electron-vite'), 'build', '--logLevel', 'warn'],
  },
};

/** Whether a build's output is missing or older than one of its sources. */
export function isStale(build, base = root) {
  const output = path.join(base, build.output);
  if (!existsSync(output)) return true;
  const sources = Math.max(...build.sources.map((source) => newestMtime(path.join(base, source))));
  return statSync(output).mtimeMs < sources;
}

/** Builds when stale; exits the process when the build fails (the start scripts cannot go on). */
export function buildIfStale(name) {
  const build = BUILDS[name];
  if (!isStale(build)) return;
  console.log(`Building ${build.label}…`);
  const run = spawnSync(process.execPath, build.command(), { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
