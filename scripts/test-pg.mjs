#!/usr/bin/env node
// Runs the server suite on PostgreSQL: DATABASE_URL, or the local server at 127.0.0.1:5432 (user postgres).
// The tests create and drop databases of their own; nothing else is touched.
import { spawnSync } from 'node:child_process';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const result = spawnSync('npx', ['vitest', 'run', 'src/server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(result.status ?? 1);
