import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_NAMESPACES } from '../src/renderer/app/i18n-first-paint';
import { api } from '../src/shared/api/index';
import { resources } from '../src/shared/i18n/index';
import { languageModules, routeTable } from '../vite.renderer';

/** A plugin's hook called as the bundler would (these two use no plugin context). */
const call = (plugin: Plugin, hook: 'resolveId' | 'load', ...args: unknown[]) =>
  (plugin[hook] as unknown as (...a: unknown[]) => unknown)(...args);

describe('the renderer build plugins', () => {
  it('make one module per language, with every namespace of that language only', () => {
    const plugin = languageModules();
    const id = call(plugin, 'resolveId', 'virtual:atendo-language/en') as string;
    const code = call(plugin, 'load', id) as string;
    expect(JSON.parse(code.replace(/^export default /, '').replace(/;$/, ''))).toEqual(resources.en);
    expect(call(plugin, 'load', '/elsewhere.ts')).toBeNull();
    expect(() => call(plugin, 'load', `\0virtual:atendo-language/xx`)).toThrow();
  });

  it('split a language into the first paint’s namespaces and the others, together all of it', () => {
    const plugin = languageModules();
    const part = (name: string) => {
      const id = call(plugin, 'resolveId', `virtual:atendo-language/pt/${name}`) as string;
      return JSON.parse(
        (call(plugin, 'load', id) as string).replace(/^export default /, '').replace(/;$/, ''),
      );
    };
    const first = part('first-paint');
    const later = part('later');
    expect(Object.keys(first).sort()).toEqual([...FIRST_PAINT_NAMESPACES].sort());
    expect(Object.keys(later).some((ns) => ns in first)).toBe(false);
    expect({ ...first, ...later }).toEqual(resources.pt);
    expect(() => call(plugin, 'load', `\0virtual:atendo-language/pt/elsewhere`)).toThrow();
  });

  it('serve the contract to the renderer as every route’s method and path, without schemas', () => {
    const code = call(routeTable(), 'load', new URL('../src/shared/api/index.ts', import.meta.url).pathname);
    const table = JSON.parse(String(code).split('export const api = ')[1].replace(/;$/, ''));
    expect(Object.keys(table)).toEqual(Object.keys(api));
    expect(table.tickets.list).toEqual({ method: api.tickets.list.method, path: api.tickets.list.path });
    // Nothing else: contract.ts's helpers sit beside its schemas, which would bring zod to the first paint.
    expect(String(code)).not.toContain('export * from');
  });

  it('leave the renderer nothing it reads from a route but its method and path', () => {
    // The renderer's table has no schemas: reading one through `api` would be undefined at run time while
    // it type-checks. A screen imports the schemas it needs from their domain module instead.
    const root = new URL('../src', import.meta.url).pathname;
    const files = ['renderer', 'preload']
      .flatMap((dir) =>
        readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) =>
          path.join(root, dir, f),
        ),
      )
      .filter((file) => /\.tsx?$/.test(file));
    const reads = files.filter((file) =>
      /\bapi\.\w+\.\w+\.(body|query|params|response|access|multipart|whileOverdue)\b/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(reads).toEqual([]);
  });
});
