import { cpSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { packageOf, productionDependencies } from './scripts/bundle-externals.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const dependencies = productionDependencies();

/**
 * Only what the installed app has at run time stays outside the bundle: Node's own modules and the
 * packages under `dependencies` (electron-builder ships those; `npm ci --omit=dev` installs them).
 * Everything else, devDependencies included, is bundled.
 */
const isExternal = (id: string) =>
  isBuiltin(id) || (!id.startsWith('.') && !path.isAbsolute(id) && dependencies.includes(packageOf(id)));

/** The SQL migrations beside the bundle, where src/server/db/client.ts looks by default. */
function copyMigrations(): Plugin {
  let outDir = '';
  return {
    name: 'atendo-server-migrations',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      cpSync(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'migrations'), {
        recursive: true,
      });
    },
  };
}

/**
 * The platform server as one plain-JavaScript entry, run with `node dist/server/main.js` by `npm run
 * serve` and headless `npm start`, and forked by the desktop app as its embedded server.
 */
export default defineConfig({
  root,
  logLevel: 'warn',
  publicDir: false,
  plugins: [copyMigrations()],
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: path.join(root, 'src/server/main.ts'),
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    // Stack traces in the server's logs point into the TypeScript (node --enable-source-maps).
    sourcemap: true,
    rolldownOptions: {
      external: isExternal,
      output: { format: 'es', entryFileNames: 'main.js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
