#!/usr/bin/env node
/**
 * `npm run build:cli`: bundles `cli/main.ts` into dist-cli/ (ESM, one chunk per command, so `burrow api`
 * never loads the sandbox), which bin/burrow.mjs runs instead of compiling the sources through tsx.
 *
 * `--prepare` (npm's prepare step, after `npm install`/`npm ci`): the same build, but a missing esbuild or a
 * failed build only warns — `burrow` then runs from the sources — so the install itself never fails here.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const prepare = process.argv.includes('--prepare');
const outAt = process.argv.indexOf('--outdir');
/** Where the bundle goes: dist-cli/, or `--outdir DIR` (the tests build a copy elsewhere). */
const outDir = outAt === -1 ? join(root, 'dist-cli') : resolve(process.argv[outAt + 1] || '.');
// The build replaces outDir whole: refuse anything that holds the repository (a bare `--outdir`, `.`, a parent).
if (outDir === root || root.startsWith(`${outDir}/`) || outDir === dirname(outDir)) {
  console.error(`build-cli: refusing to build into ${outDir}: it would replace the repository; name a folder of its own.`);
  process.exit(2);
}

/** Lets the bundled CommonJS packages (undici) `require` Node's built-ins from inside an ES module. */
const REQUIRE_SHIM = "import{createRequire as __burrowCreateRequire}from'node:module';const require=__burrowCreateRequire(import.meta.url);";

/** Points the bundle's `undici` at the slim entry (see scripts/undici-slim.cjs); deep undici imports stay as they are. */
const slimUndici = {
  name: 'burrow-slim-undici',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: join(root, 'scripts', 'undici-slim.cjs') }));
  },
};

async function build() {
  const { build: esbuild } = await import('esbuild');
  const startedAt = Date.now();
  const tmp = `${outDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    const result = await esbuild({
      absWorkingDir: root,
      entryPoints: { burrow: 'cli/main.ts' },
      outdir: tmp,
      // Chunks sit beside the entry: cli/version.ts finds package.json one folder up from its own file.
      chunkNames: '[name]-[hash]',
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      minify: true,
      legalComments: 'none',
      banner: { js: REQUIRE_SHIM },
      plugins: [slimUndici],
      metafile: true,
      logLevel: 'warning',
    });
    // What bin/burrow.mjs checks before trusting the bundle: an edited source means the bundle is stale.
    const sources = Object.keys(result.metafile.inputs)
      .map((p) => relative(root, resolve(root, p)).split('\\').join('/'))
      .filter((p) => !p.startsWith('node_modules/') && !p.startsWith('..'));
    // A changed recipe makes the bundle stale too.
    sources.push('scripts/build-cli.mjs');
    // Kept for reading which modules each command loads (`burrow api` must not load the sandbox or zod's locales).
    writeFileSync(join(tmp, 'meta.json'), JSON.stringify(result.metafile).split(basename(tmp)).join(basename(outDir)));
    // Written last: its presence says the bundle beside it is complete.
    writeFileSync(join(tmp, 'sources.json'), `${JSON.stringify({ builtAtMs: startedAt, sources }, null, 1)}\n`);
    rmSync(outDir, { recursive: true, force: true });
    renameSync(tmp, outDir);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
}

try {
  await build();
} catch (e) {
  if (!prepare) throw e;
  const why = e instanceof Error && 'code' in e && e.code === 'ERR_MODULE_NOT_FOUND' ? 'esbuild is not installed' : e instanceof Error ? e.message : String(e);
  console.warn(`burrow: the command-line bundle was not built (${why}); \`burrow\` will run from the sources through tsx.`);
}
