import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findFreePort } from '../src/main/embedded-server';
import { BUILDS, isStale } from './builds.mjs';
import { externalsOf, productionDependencies, strayExternals } from './bundle-externals.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Inside the repository (.tmp/ is ignored), so the bundle finds node_modules as an installed server does.
mkdirSync(path.join(root, '.tmp'), { recursive: true });
const scratch = mkdtempSync(path.join(root, '.tmp/builds-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a build is made again only when its sources changed', () => {
  it('is stale without an output, or with a source newer than it', () => {
    const base = path.join(scratch, 'stale');
    const build = { output: 'out/index.js', sources: ['src', 'config.ts'] };
    mkdirSync(path.join(base, 'src/deep'), { recursive: true });
    writeFileSync(path.join(base, 'src/deep/a.ts'), '');
    writeFileSync(path.join(base, 'config.ts'), '');
    expect(isStale(build, base)).toBe(true);
    mkdirSync(path.join(base, 'out'));
    writeFileSync(path.join(base, 'out/index.js'), '');
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(base, 'src/deep/a.ts'), past, past);
    utimesSync(path.join(base, 'config.ts'), past, past);
    expect(isStale(build, base)).toBe(false);
    writeFileSync(path.join(base, 'src/deep/a.ts'), 'changed');
    expect(isStale(build, base)).toBe(true);
  });

  it('watches the server’s and the shared sources for the server bundle', () => {
    expect(BUILDS.server.output).toBe('dist/server/main.js');
    expect(BUILDS.server.sources).toEqual(expect.arrayContaining(['src/server', 'src/shared']));
  });
});

describe('the bundle externals check', () => {
  it('finds imports, re-exports, dynamic imports and requires by name, but not relative files', () => {
    const code = `import a from "fastify"; export * from "./own.js"; export { b } from "node:fs";
      const c = require("vitest"); const d = __require("pg"); import("@scope/pkg/sub");`;
    expect(externalsOf(code).sort()).toEqual(['@scope/pkg/sub', 'fastify', 'node:fs', 'pg', 'vitest']);
  });

  it('reports a devDependency or an undeclared package left external, and nothing else', () => {
    const dir = path.join(scratch, 'fake-bundle');
    mkdirSync(path.join(dir, 'chunks'), { recursive: true });
    writeFileSync(path.join(dir, 'main.js'), 'import "fastify"; import "node:path"; import "electron";');
    writeFileSync(path.join(dir, 'chunks/x.js'), 'import "vitest"; require("left-pad"); import "fs";');
    expect(strayExternals([dir], productionDependencies()).map((line) => line.split(': ')[1])).toEqual([
      'vitest',
      'left-pad',
    ]);
  });
});

describe('the server bundle (vite.server.config.ts)', () => {
  const outDir = path.join(scratch, 'server');
  beforeAll(async () => {
    await build({ configFile: path.join(root, 'vite.server.config.ts'), build: { outDir } });
  }, 120_000);

  it('leaves external only Node’s modules and the dependencies an installed server has', () => {
    expect(existsSync(path.join(outDir, 'main.js'))).toBe(true);
    expect(strayExternals([outDir], productionDependencies())).toEqual([]);
    // No TypeScript loader or its compiler at run time.
    const imports = externalsOf(readFileSync(path.join(outDir, 'main.js'), 'utf8'));
    expect(imports.filter((name) => /^(tsx|esbuild)(\/|$)/.test(name))).toEqual([]);
  });

  it('carries its SQL migrations beside it', () => {
    expect(existsSync(path.join(outDir, 'migrations/meta/_journal.json'))).toBe(true);
  });

  it('starts under plain node, answers /api/version and stops cleanly on SIGTERM', async () => {
    const dataDir = path.join(scratch, 'data');
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    // The tests' migrated template (global-setup.ts) instead of a first start's initdb and migrations.
    const dump = inject('pgliteDump');
    if (dump) {
      const template = new PGlite(path.join(dataDir, 'pglite'), {
        loadDataDir: new Blob([readFileSync(dump)]),
        extensions: { pg_trgm },
      });
      await template.waitReady;
      await template.close();
    }
    const port = await findFreePort();
    const server = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      cwd: os.tmpdir(),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        ATENDO_DATA_DIR: dataDir,
        ATENDO_WEB_DIR: path.join(scratch, 'no-web'),
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    server.stdout.on('data', (chunk) => (output += chunk));
    server.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    try {
      await expect.poll(() => output, { timeout: 90_000, interval: 100 }).toMatch(/Atendo is running|Error/);
      const res = await fetch(`http://127.0.0.1:${port}/api/version`);
      expect(res.status, output).toBe(200);
      expect(await res.json()).toEqual({ version: expect.any(String) });
    } finally {
      server.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
