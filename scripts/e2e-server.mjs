#!/usr/bin/env node
// The server the end-to-end suite runs against: the built server (as `npm run serve` runs it, built
// first when its sources changed) on a fresh embedded database every run.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './builds.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-e2e-'));
const children = [];

/**
 * E2E_FAKE_GRAPH_PORT asks for the fake Graph API (Facebook, Instagram, WhatsApp Cloud API) on that port,
 * started before the server, which then talks to it instead of graph.facebook.com.
 */
async function startFakeGraph(port) {
  const fake = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/fake-graph-main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, FAKE_GRAPH_PORT: port },
  });
  children.push(fake);
  await new Promise((resolve, reject) => {
    fake.stdout.on('data', (chunk) => String(chunk).includes('fake Graph API listening') && resolve());
    fake.on('exit', (code) => reject(new Error(`the fake Graph API stopped (${code})`)));
  });
  return `http://127.0.0.1:${port}`;
}

const graphPort = process.env.E2E_FAKE_GRAPH_PORT;
const graphUrl = graphPort ? await startFakeGraph(graphPort) : undefined;
buildIfStale('server');
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    ATENDO_DATA_DIR: dataDir,
    ATENDO_WEB_DIR: process.env.ATENDO_WEB_DIR ?? path.join(root, 'dist/web'),
    ATENDO_TEST_CHANNEL: '1',
    LOG_LEVEL: 'warn',
    ...(graphUrl ? { ATENDO_GRAPH_API_URL: graphUrl } : {}),
  },
});
children.push(child);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const c of children) c.kill(signal);
  });
}
child.on('exit', (code) => {
  for (const other of children) if (other !== child) other.kill('SIGTERM');
  process.exit(code ?? 0);
});
