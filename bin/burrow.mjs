#!/usr/bin/env node
// The `burrow` command. Runs the bundle in dist-cli/ (built by `npm install`'s prepare step and `npm run build`)
// when it is there and no source it was built from changed since; otherwise compiles the TypeScript sources
// through tsx, which is slower to start but always current.
import { readFileSync, statSync } from 'node:fs';
import module from 'node:module';

// Node 22.1 and later keep V8's compiled code of the bundle between runs (a no-op where it is missing).
module.enableCompileCache?.();

const dist = new URL('../dist-cli/', import.meta.url);

/** True when dist-cli/ holds a complete bundle and every source it lists is older than the build. */
function bundleIsCurrent() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(new URL('sources.json', dist), 'utf8'));
  } catch {
    return false;
  }
  const builtAt = Number(manifest?.builtAtMs);
  if (!Number.isFinite(builtAt) || !Array.isArray(manifest.sources)) return false;
  for (const source of manifest.sources) {
    // A source that is absent (a copy shipped without them) cannot be newer than the bundle.
    const stat = statSync(new URL(`../${source}`, import.meta.url), { throwIfNoEntry: false });
    if (stat !== undefined && stat.mtimeMs > builtAt) return false;
  }
  return true;
}

const argv = process.argv.slice(2);
if (bundleIsCurrent()) {
  const { runProcess } = await import(new URL('burrow.mjs', dist).href);
  await runProcess(argv);
} else {
  const { tsImport } = await import('tsx/esm/api');
  const { runProcess } = await tsImport('../cli/main.ts', import.meta.url);
  await runProcess(argv);
}
