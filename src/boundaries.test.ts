import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md "Layout": which layer may import which.
const RULES: Record<string, { forbiddenDirs: string[]; forbiddenPackages: string[] }> = {
  shared: {
    forbiddenDirs: ['server', 'main', 'preload', 'renderer'],
    forbiddenPackages: ['electron', 'react', 'fastify', 'drizzle-orm', 'node:'],
  },
  server: { forbiddenDirs: ['main', 'preload', 'renderer'], forbiddenPackages: ['electron', 'react'] },
  renderer: {
    forbiddenDirs: ['server', 'main', 'preload'],
    forbiddenPackages: ['electron', 'fastify', 'drizzle-orm', 'node:'],
  },
  main: { forbiddenDirs: ['server', 'renderer', 'preload'], forbiddenPackages: ['react'] },
  preload: { forbiddenDirs: ['server', 'renderer', 'main'], forbiddenPackages: ['react'] },
};

const SRC = path.join(import.meta.dirname, '.');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(
      /(?:^|\n)\s*(?:import|export)[^'"\n]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => (m[1] ?? m[2])!);
}

describe('module boundaries', () => {
  for (const [layer, rule] of Object.entries(RULES)) {
    it(`${layer} imports nothing it must not`, () => {
      const violations: string[] = [];
      let files: string[] = [];
      try {
        files = sourceFiles(path.join(SRC, layer));
      } catch {
        return; // a layer that does not exist yet has nothing to break
      }
      for (const file of files) {
        for (const spec of importsOf(file)) {
          if (spec.startsWith('.')) {
            const target = path.relative(SRC, path.resolve(path.dirname(file), spec)).split(path.sep)[0]!;
            if (rule.forbiddenDirs.includes(target)) violations.push(`${path.relative(SRC, file)} → ${spec}`);
          } else if (
            rule.forbiddenPackages.some((p) => spec === p || spec.startsWith(p.endsWith(':') ? p : `${p}/`))
          ) {
            violations.push(`${path.relative(SRC, file)} → ${spec}`);
          }
        }
      }
      expect(violations).toEqual([]);
    });
  }
});
