#!/usr/bin/env node
// `npm start`: the desktop app where Electron can run; otherwise the headless server with the web
// client on http://localhost:PORT. `npm run serve` (--headless) always runs headless.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Why Electron cannot run here, or null when it can. */
function electronUnavailable() {
  if (process.env.ATENDO_HEADLESS === '1') return 'ATENDO_HEADLESS=1';
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return 'no display';
  // Requiring 'electron' resolves (and on first use downloads) its binary; a failure means no desktop here.
  const probe = spawnSync(process.execPath, ['-e', "require('electron')"], {
    cwd: root,
    timeout: 180_000,
    stdio: 'ignore',
  });
  return probe.status === 0 ? null : 'the Electron binary is not available';
}

function run(command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

function buildWebIfStale() {
  const index = path.join(root, 'dist/web/index.html');
  const sources = Math.max(
    newestMtime(path.join(root, 'src/renderer')),
    newestMtime(path.join(root, 'src/shared')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Building the web client…');
  const build = spawnSync(npx, ['vite', 'build', '--config', 'vite.web.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const headless = process.argv.includes('--headless');
const reason = headless ? 'headless requested' : electronUnavailable();
if (reason) {
  if (!headless) console.log(`Desktop app not started (${reason}); serving the web client instead.`);
  buildWebIfStale();
  run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    ATENDO_WEB_DIR: path.join(root, 'dist/web'),
  });
} else {
  const build = spawnSync(npx, ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  run(npx, ['electron', '.']);
}
