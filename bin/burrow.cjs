#!/usr/bin/env node
// The `burrow` command. Runs the bundle in dist-cli/ (built by `npm install`'s prepare step and `npm run build`)
// when it is there and no source it was built from changed since; otherwise compiles the TypeScript sources
// through tsx, which is slower to start but always current. CommonJS on purpose: an ES module here would
// cost every run Node's module loader and `node:fs`'s promise API before the command's first line.
'use strict';
const { readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

// Node 22.1 and later keep V8's compiled code of the bundle between runs (a no-op where it is missing).
require('node:module').enableCompileCache?.();

const dist = join(__dirname, '..', 'dist-cli');

/**
 * True when dist-cli/ holds a complete bundle and every source it lists for `command` is older than the build: a
 * command the manifest names (`api`) checks only the sources of the files it runs, any other all of them.
 */
function bundleIsCurrent(command) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dist, 'sources.json'), 'utf8'));
  } catch {
    return false;
  }
  const builtAt = Number(manifest?.builtAtMs);
  const byCommand = manifest?.byCommand ?? {};
  const sources = Object.hasOwn(byCommand, command) ? byCommand[command] : manifest?.sources;
  if (!Number.isFinite(builtAt) || !Array.isArray(sources)) return false;
  for (const source of sources) {
    // A source that is absent (a copy shipped without them) cannot be newer than the bundle.
    const stat = statSync(join(__dirname, '..', source), { throwIfNoEntry: false });
    if (stat !== undefined && stat.mtimeMs > builtAt) return false;
  }
  return true;
}

async function main(argv) {
  if (bundleIsCurrent(argv[0])) return require(join(dist, 'burrow.cjs')).runProcess(argv);
  const { tsImport } = await import('tsx/esm/api');
  const { runProcess } = await tsImport(pathToFileURL(join(__dirname, '..', 'cli', 'main.ts')).href, pathToFileURL(__filename).href);
  return runProcess(argv);
}

main(process.argv.slice(2)).catch((e) => {
  process.stderr.write(`burrow: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});
