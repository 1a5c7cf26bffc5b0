// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The server's inner walls (docs/architecture.md): imports run one way, downward, and never in a circle
 * (type imports included). Read from the imports themselves, so a new file or module folder is covered
 * without touching this test; a new top folder must first be given its layer here and in the docs.
 */

const ROOT = path.join(import.meta.dirname);

/**
 * Each top folder's floor. A file may import its own folder and the floors below its own, never a
 * floor above nor another folder of its floor. The composition root (app.ts, main.ts) and the test
 * support (test/) sit on top.
 */
const FLOORS: Record<string, number> = {
  platform: 0,
  db: 1,
  jobs: 2,
  realtime: 2,
  channels: 3,
  payments: 3,
  modules: 4,
  automation: 5,
  http: 6,
  'app.ts': 7,
  'main.ts': 8,
  test: 9,
};

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    base.replace(/\.js$/, '.ts'),
  ];
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile());
}

const relative = (file: string) => path.relative(ROOT, file);
const topOf = (file: string) => relative(file).split(path.sep)[0]!;

/** Every import between files of src/server: file → the files it imports. */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(ROOT)) {
    const targets = new Set<string>();
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(file, (match[1] ?? match[2])!);
      if (target?.startsWith(ROOT + path.sep)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The import circles: strongly connected components of more than one file (or a file importing itself). */
function circles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1 || graph.get(v)?.has(v)) found.push(component.map(relative).sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Imports against the floors: `from → to (why)`. */
function breaks(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    const own = topOf(from);
    for (const to of targets) {
      const other = topOf(to);
      if (own === other) continue;
      const [a, b] = [FLOORS[own], FLOORS[other]];
      if (a === undefined || b === undefined) continue;
      if (b >= a) found.push(`${relative(from)} → ${relative(to)} (${own} may not import ${other})`);
    }
  }
  return found.sort();
}

describe('the server’s inner walls', () => {
  const graph = importGraph();

  it('reads the imports of every file (the graph is not empty)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect([...graph.values()].reduce((n, targets) => n + targets.size, 0)).toBeGreaterThan(500);
  });

  it('gives every top folder of src/server a floor', () => {
    const unplaced = [...new Set([...graph.keys()].map(topOf))].filter((top) => FLOORS[top] === undefined);
    expect(unplaced, 'give these a floor in FLOORS and in docs/architecture.md').toEqual([]);
  });

  it('has no import cycle, type imports included', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('imports only downward: no floor imports one above it or a neighbour on its own floor', () => {
    expect(breaks(graph)).toEqual([]);
  });

  it('would see a cycle and a break if one came back', () => {
    // Channels reaching for the bots again (the bots send through the channels' driver interface), added
    // to a copy of the graph.
    const copy = new Map([...graph].map(([file, targets]) => [file, new Set(targets)]));
    const driver = path.join(ROOT, 'channels', 'driver.ts');
    copy.get(driver)!.add(path.join(ROOT, 'automation', 'routing.ts'));
    expect(breaks(copy)).toContain(
      'channels/driver.ts → automation/routing.ts (channels may not import automation)',
    );
    expect(circles(copy).some((circle) => circle.includes('channels/driver.ts'))).toBe(true);
  });
});

/**
 * docs/architecture.md "Tenancy": the database itself (`deps.db`) reaches a module only where the company
 * comes from elsewhere. Each file that uses it, and why; a new one fails here until it is named (in the
 * docs too).
 */
const RAW_DATABASE: Record<string, string> = {
  'modules/auth/service.ts': 'sign-in by e-mail across companies, refresh tokens',
  'modules/companies/service.ts': "the super administrator's cross-company routes, signup",
  'modules/plans/service.ts': 'plans are the platform’s, not a company’s',
  'modules/plans/routes.ts': 'the public plan list has no caller',
  'modules/helps/service.ts': 'help entries are the platform’s, the same for every company',
  'modules/announcements/service.ts': 'announcements are the platform’s, the same for every company',
  'modules/settings/routes.ts': 'the public settings are the platform company’s',
  'modules/messages/inbound.ts': 'a batch’s company is its connection’s; its bulk statements bind it',
  'modules/contacts/merge.ts': 'runs from a connection’s events: the connection’s company',
  'modules/whatsapps/session.ts': 'runs from a driver’s status: the connection’s company',
  'modules/whatsapps/history-import.ts': 'runs from a driver’s history: the connection’s company',
  'modules/external-api/service.ts': 'the caller is a connection token, which names the company',
  'modules/tickets/close-all.ts': 'a durable job: the company is in the job',
  'modules/sync/prune.ts': 'a platform job across every company',
  'modules/invoices/opening.ts': 'the daily invoice opening spans every company',
  'modules/audit/service.ts': 'the super user reads every company’s audit entries',
  'modules/invoices/service.ts': 'the payment webhook has no caller: a charge’s company is its own',
};

describe('the raw database in the modules', () => {
  const modules = sourceFiles(path.join(ROOT, 'modules'));

  it('is used only in the named places', () => {
    const using = modules.filter((file) => /\bdeps\.db\b/.test(readFileSync(file, 'utf8'))).map(relative);
    expect(using.sort()).toEqual(Object.keys(RAW_DATABASE).sort());
  });

  it('is reached through a tenant handle (db.unscoped) only in queries files and the inbound pipeline', () => {
    const allowed = (file: string) =>
      /queries\.ts$/.test(file) || relative(file) === 'modules/messages/inbound.ts';
    const outside = modules
      .filter((file) => !allowed(file) && /\.unscoped\b/.test(readFileSync(file, 'utf8')))
      .map(relative);
    expect(outside).toEqual([]);
  });
});
