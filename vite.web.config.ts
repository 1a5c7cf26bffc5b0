import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { languageModules, routeTable } from './vite.renderer';

const server = 'http://localhost:8080';
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

/** Files worth compressing: text, above a packet's size. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * Brotli and gzip copies (`.br`, `.gz`) of every text file, made once at build time at the highest
 * levels: the server sends them as they are (src/server/http/web.ts) instead of compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'atendo-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** The browser build of the renderer; the server serves dist/web at /. */
export default defineConfig({
  root: fileURLToPath(new URL('./src/renderer', import.meta.url)),
  plugins: [react(), languageModules(), routeTable(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    // Read by scripts/bundle-budget.mjs: which chunks the inbox route loads.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': server,
      '/public': server,
      '/socket.io': { target: server, ws: true },
    },
  },
});
