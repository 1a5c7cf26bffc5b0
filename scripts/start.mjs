#!/usr/bin/env node
// `npm start`: the desktop app where Electron can run; otherwise the headless server with the web
// client on http://localhost:PORT. `npm run serve` (--headless) always runs headless; `npm run
// dev:desktop` (--dev) runs the desktop app from electron-vite's dev server. Whatever runs is built
// first when its sources changed; the server always runs as plain JavaScript (dist/server/main.js).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { binOf, buildIfStale, root } from './builds.mjs';
import { ELECTRON_SQLITE_ENV, ensureElectronSqlite } from './electron-sqlite.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-node.mjs';

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

function run(args, env = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

const dev = process.argv.includes('--dev');
const headless = process.argv.includes('--headless');
const reason = headless ? 'headless requested' : dev ? null : electronUnavailable();
if (reason) {
  if (!headless) console.log(`Desktop app not started (${reason}); serving the web client instead.`);
  buildIfStale('web');
  buildIfStale('server');
  run([...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
    ...SERVER_ENV,
    ATENDO_WEB_DIR: path.join(root, 'dist/web'),
  });
} else {
  // The embedded server is the headless one; the offline cache needs better-sqlite3 built for Electron.
  buildIfStale('server');
  const sqlite = await ensureElectronSqlite().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
  const env = { [ELECTRON_SQLITE_ENV]: sqlite };
  if (dev) {
    run([binOf('electron-vite'), 'dev'], env);
  } else {
    buildIfStale('desktop');
    run([binOf('electron'), '.'], env);
  }
}
