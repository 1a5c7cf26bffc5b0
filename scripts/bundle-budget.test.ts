import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { measure, routeFiles } from './bundle-budget.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'atendo-budget-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the inbox route’s bundle budget', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-2.js' },
    'features/tickets/TicketsPage.tsx': {
      file: 'assets/TicketsPage-3.js',
      imports: ['_shared.js', '_list.js'],
    },
    '_list.js': { file: 'assets/list-4.js' },
    'features/users/UsersPage.tsx': { file: 'assets/UsersPage-5.js', imports: ['_admin.js'] },
    '_admin.js': { file: 'assets/admin-6.js' },
  };

  it('counts the entry and the tickets page with what they import, not the other routes', () => {
    expect(routeFiles(manifest, 'features/tickets/TicketsPage.tsx').sort()).toEqual([
      'assets/TicketsPage-3.js',
      'assets/index-1.js',
      'assets/list-4.js',
      'assets/shared-2.js',
    ]);
  });

  it('fails past the budget, compressed', () => {
    mkdirSync(path.join(dir, 'assets'));
    // Random text barely compresses: 4 kB stays about 3 kB.
    writeFileSync(
      path.join(dir, 'assets/a.js'),
      Buffer.from(Array.from({ length: 4000 }, () => 65 + Math.floor(Math.random() * 58))),
    );
    expect(measure(dir, ['assets/a.js'], { gzip: 10, brotli: 10 }).fits).toBe(true);
    expect(measure(dir, ['assets/a.js'], { gzip: 1, brotli: 10 }).fits).toBe(false);
  });
});
