// `npm run check:bundle` (after `npm run build:web`): the JavaScript the inbox route loads before its first
// paint — the entry and the tickets page with every chunk they import statically — against its budget,
// gzipped and brotli-compressed. Exits 1 past it (CI runs it after the build).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** Kilobytes (1000 bytes) of the inbox route's JavaScript, compressed. */
export const BUDGET = { gzip: 350, brotli: 300 };
/** The route's page, as the manifest names its source. */
export const INBOX_PAGE = 'features/tickets/TicketsPage.tsx';

/** The files of the manifest's entry and of `page`, with every chunk they import statically. */
export function routeFiles(manifest, page) {
  const keys = Object.keys(manifest).filter((key) => manifest[key].isEntry || key.endsWith(page));
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

/** Their sizes compressed, in kB, and whether they fit the budget. */
export function measure(webDir, files, budget = BUDGET) {
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const content = readFileSync(path.join(webDir, file));
    gzip += gzipSync(content, { level: 9 }).length;
    brotli += brotliCompressSync(content).length;
  }
  const sizes = { gzip: gzip / 1000, brotli: brotli / 1000 };
  return { ...sizes, fits: sizes.gzip <= budget.gzip && sizes.brotli <= budget.brotli };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const webDir = path.resolve(process.argv[2] ?? 'dist/web');
  const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8'));
  const files = routeFiles(manifest, INBOX_PAGE);
  const result = measure(webDir, files);
  console.log(
    `inbox route: ${files.length} files, ${result.gzip.toFixed(1)} kB gzip (budget ${BUDGET.gzip}), ` +
      `${result.brotli.toFixed(1)} kB brotli (budget ${BUDGET.brotli})`,
  );
  if (!result.fits) {
    console.log('over budget');
    process.exitCode = 1;
  }
}
