#!/usr/bin/env node
// Runs the server suite on PostgreSQL: DATABASE_URL, or the local server at 127.0.0.1:5432 (user postgres).
// The tests create and drop databases of their own; nothing else is touched.
import { spawnSync } from 'node:child_process';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
// Paths given narrow the run; vitest treats several paths as alternatives, so src/server only by default.
const paths = process.argv.slice(2);
const result = spawnSync('npx', ['vitest', 'run', ...(paths.length ? paths : ['src/server'])], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(result.status ?? 1);
