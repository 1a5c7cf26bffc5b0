import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { languageModules, routeTable } from './vite.renderer';

const at = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * The desktop build: out/main (the main process), out/preload and out/renderer. Packages listed under
 * `dependencies` stay external (electron-builder ships them); devDependencies are bundled. The platform
 * server the main process runs in a utilityProcess is the headless one, dist/server/main.js
 * (vite.server.config.ts): `npm run build:desktop` builds both.
 */
export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        input: { index: at('./src/main/index.ts') },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only Electron's own modules: its dependencies (zod, for the ipc
      // table) are bundled into it.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: at('./src/preload/index.ts') },
        // A sandboxed preload script cannot be an ES module.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  // The same renderer as vite.web.config.ts, built into out/renderer.
  renderer: {
    root: at('./src/renderer'),
    plugins: [react(), languageModules(), routeTable()],
  },
});
