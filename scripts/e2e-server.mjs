#!/usr/bin/env node
// The server the end-to-end suite runs against: a fresh embedded database every run.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    ATENDO_DATA_DIR: dataDir,
    ATENDO_WEB_DIR: process.env.ATENDO_WEB_DIR ?? path.join(root, 'dist/web'),
    ATENDO_TEST_CHANNEL: '1',
    LOG_LEVEL: 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
