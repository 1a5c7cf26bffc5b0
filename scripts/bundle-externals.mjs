#!/usr/bin/env node
// What the built bundles still import from outside themselves, and whether each import is something the
// installed app has: Node's and Electron's own modules, and the packages under `dependencies`. A
// devDependency left external works in the repository and breaks in an installer, so CI fails on it.
//   node scripts/bundle-externals.mjs out/main out/preload dist/server
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The package a bare import names: `pkg` of `pkg/sub`, `@scope/pkg` of `@scope/pkg/sub`. */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const literal = (node) => (node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null);
// Bundlers call Node's require through a helper of their own (rolldown: __require).
const REQUIRES = new Set(['require', '__require']);

/** Every module specifier a JavaScript file imports, exports from or requires by a literal name. */
export function importsOf(code) {
  const found = new Set();
  const visit = (node) => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== 'object') return;
    let source = null;
    if (/^(Import|ExportAll|ExportNamed)Declaration$/.test(node.type) || node.type === 'ImportExpression')
      source = literal(node.source);
    else if (node.type === 'CallExpression' && REQUIRES.has(node.callee?.name))
      source = literal(node.arguments?.[0]);
    if (source !== null) found.add(source);
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  visit(parseAst(code));
  return [...found];
}

/** The imports that leave the bundle: neither relative nor absolute paths. */
export const externalsOf = (code) =>
  importsOf(code).filter((s) => !s.startsWith('.') && !s.startsWith('/') && !/^[a-z]+:\/\//.test(s));

/**
 * The external imports of the JavaScript files under `dirs` that an installed app would not have, as
 * `file: specifier` lines; none when the bundles are right.
 */
export function strayExternals(dirs, dependencies) {
  const allowed = (specifier) =>
    isBuiltin(specifier) || specifier === 'electron' || dependencies.includes(packageOf(specifier));
  const stray = [];
  for (const dir of dirs) {
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && /\.(c|m)?js$/.test(entry.name),
    );
    for (const entry of files) {
      const file = path.join(entry.parentPath, entry.name);
      for (const specifier of externalsOf(readFileSync(file, 'utf8')))
        if (!allowed(specifier)) stray.push(`${path.relative(root, file)}: ${specifier}`);
    }
  }
  return stray;
}

export function productionDependencies() {
  return Object.keys(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).dependencies ?? {});
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2).map((dir) => path.resolve(root, dir));
  if (dirs.length === 0) {
    console.error('usage: node scripts/bundle-externals.mjs <bundle folder>…');
    process.exit(2);
  }
  const stray = strayExternals(dirs, productionDependencies());
  if (stray.length > 0) {
    console.error('Imports left outside the bundles that an installed app does not have:');
    for (const line of stray) console.error(`  ${line}`);
    console.error('Bundle them (a devDependency) or move the package to dependencies.');
    process.exit(1);
  }
  console.log(`bundle externals: only Node, Electron and dependencies (${dirs.length} folders)`);
}
