#!/usr/bin/env node
// A staged rollout: sets stagingPercentage in the update files (latest*.yml, beta*.yml) of a release
// folder, so that only that share of installed apps takes the version (electron-updater draws each app's
// place once, from the id it keeps in its user-data folder). Raise it to widen the rollout, 0 halts it,
// 100 offers the version to every app.
//   node scripts/release-stage.mjs <folder> <percent>
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const UPDATE_FILE = /^(latest|beta|alpha)(-mac|-linux|-linux-arm64)?\.yml$/;

/** One update file's text with its rollout share set (removed at 100: every app takes it). */
export function withStagingPercentage(text, percent) {
  const kept = text.split('\n').filter((line) => !/^stagingPercentage:/.test(line));
  while (kept.length > 0 && kept.at(-1) === '') kept.pop();
  if (percent < 100) kept.push(`stagingPercentage: ${percent}`);
  return `${kept.join('\n')}\n`;
}

/** Sets the share in every update file of `folder`; answers the files it changed. */
export function stageRelease(folder, percent) {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new Error('the percentage is a whole number from 0 to 100');
  const files = readdirSync(folder).filter((name) => UPDATE_FILE.test(name));
  if (files.length === 0) throw new Error(`no update files (latest*.yml) in ${folder}`);
  for (const name of files) {
    const file = path.join(folder, name);
    writeFileSync(file, withStagingPercentage(readFileSync(file, 'utf8'), percent));
  }
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [folder, percent] = process.argv.slice(2);
  if (!folder || percent === undefined) {
    console.error('usage: node scripts/release-stage.mjs <folder> <percent>');
    process.exit(2);
  }
  try {
    const files = stageRelease(folder, Number(percent));
    console.log(`stagingPercentage ${percent} in ${files.join(', ')}`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
