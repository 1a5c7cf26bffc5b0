import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { FIRST_PAINT_NAMESPACES } from './src/renderer/app/i18n-first-paint';
import { api } from './src/shared/api/index';
import { isLanguage, NAMESPACES, resources } from './src/shared/i18n/index';

// Plugins both builds of the renderer use (vite.web.config.ts and electron.vite.config.ts).

const LANGUAGE = 'virtual:atendo-language/';
const RESOLVED_LANGUAGE = `\0${LANGUAGE}`;

/** The parts of a language a module may hold: the namespaces the inbox's first paint needs, or the rest. */
const PARTS = {
  'first-paint': (ns: string) => FIRST_PAINT_NAMESPACES.includes(ns),
  later: (ns: string) => !FIRST_PAINT_NAMESPACES.includes(ns),
} as const;
const isPart = (part: string): part is keyof typeof PARTS => Object.hasOwn(PARTS, part);

/**
 * `virtual:atendo-language/<language>`: one language's messages, every namespace, as a module of its own;
 * `virtual:atendo-language/<language>/first-paint` and `…/later` split it in two. The shared namespace
 * files (src/shared/i18n) hold the four languages side by side and stay the source; the renderer imports
 * Portuguese's first-paint part (the fallback) statically and everything else on demand, so each becomes
 * its own chunk and a browser downloads only the language it shows, and the admin screens' words with them.
 */
export function languageModules(): Plugin {
  return {
    name: 'atendo-language-modules',
    resolveId: (id) => (id.startsWith(LANGUAGE) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(RESOLVED_LANGUAGE)) return null;
      const [language, part] = id.slice(RESOLVED_LANGUAGE.length).split('/');
      if (!isLanguage(language)) throw new Error(`no such language: ${language}`);
      if (part !== undefined && !isPart(part)) throw new Error(`no such part of a language: ${part}`);
      const messages = resources[language];
      const kept = part ? NAMESPACES.filter(PARTS[part]) : NAMESPACES;
      return `export default ${JSON.stringify(Object.fromEntries(kept.map((ns) => [ns, messages[ns]])))};`;
    },
  };
}

const API_INDEX = fileURLToPath(new URL('./src/shared/api/index.ts', import.meta.url));

/**
 * The contract's table as the renderer gets it: every route's method and path, which is all a client
 * transport reads (src/renderer/bridge), without the zod schemas the server validates with, and nothing
 * else: the renderer imports only `api` from it (contract.ts's helpers hold schemas). Types still come from
 * src/shared/api/index.ts; the schemas a screen really uses (a form's) it imports from their
 * domain module, so zod loads with that screen instead of with the first paint.
 */
export function routeTable(): Plugin {
  const table = Object.fromEntries(
    Object.entries(api).map(([domain, routes]) => [
      domain,
      Object.fromEntries(
        Object.entries(routes).map(([name, def]) => [name, { method: def.method, path: def.path }]),
      ),
    ]),
  );
  return {
    name: 'atendo-route-table',
    load: (id) => (id === API_INDEX ? `export const api = ${JSON.stringify(table)};` : null),
  };
}
