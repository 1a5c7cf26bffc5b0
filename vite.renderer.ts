import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { api } from './src/shared/api/index';
import { isLanguage, resources } from './src/shared/i18n/index';

// Plugins both builds of the renderer use (vite.web.config.ts and electron.vite.config.ts).

const LANGUAGE = 'virtual:atendo-language/';
const RESOLVED_LANGUAGE = `\0${LANGUAGE}`;

/**
 * `virtual:atendo-language/<language>`: one language's messages, every namespace, as a module of its own.
 * The shared namespace files (src/shared/i18n) hold the four languages side by side and stay the source;
 * the renderer imports Portuguese (the fallback) statically and the others on demand, so each becomes its
 * own chunk and a browser downloads only the language it shows.
 */
export function languageModules(): Plugin {
  return {
    name: 'atendo-language-modules',
    resolveId: (id) => (id.startsWith(LANGUAGE) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(RESOLVED_LANGUAGE)) return null;
      const language = id.slice(RESOLVED_LANGUAGE.length);
      if (!isLanguage(language)) throw new Error(`no such language: ${language}`);
      return `export default ${JSON.stringify(resources[language])};`;
    },
  };
}

const API_INDEX = fileURLToPath(new URL('./src/shared/api/index.ts', import.meta.url));
const CONTRACT = fileURLToPath(new URL('./src/shared/api/contract.ts', import.meta.url));

/**
 * The contract's table as the renderer gets it: every route's method and path, which is all a client
 * transport reads (src/renderer/bridge), without the zod schemas the server validates with. Types still
 * come from src/shared/api/index.ts; the schemas a screen really uses (a form's) it imports from their
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
    load: (id) =>
      id === API_INDEX
        ? `export * from ${JSON.stringify(CONTRACT)};\nexport const api = ${JSON.stringify(table)};`
        : null,
  };
}
