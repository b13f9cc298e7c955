#!/usr/bin/env node
/**
 * `npm run build:cli`: bundles `cli/main.ts` into dist-cli/ (the command in one CommonJS file; the sandbox and
 * undici in files of their own that `burrow api` never loads), which bin/burrow.cjs runs instead of compiling
 * the sources through tsx.
 *
 * `--prepare` (npm's prepare step, after `npm install`/`npm ci`): the same build, but a missing esbuild or a
 * failed build only warns — `burrow` then runs from the sources — so the install itself never fails here.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zodEnglishOnly } from './zod-english.mjs';

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

/** Points the bundle's `undici` at the slim entry (see scripts/undici-slim.cjs); deep undici imports stay as they are. */
const slimUndici = {
  name: 'burrow-slim-undici',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: join(root, 'scripts', 'undici-slim.cjs') }));
  },
};

/** In the CommonJS files, `import.meta.url` (cli/version.ts finds package.json from it) is the file's own URL. */
const IMPORT_META_SHIM = "var __burrowImportMetaUrl=require('node:url').pathToFileURL(__filename).href;";

/**
 * The area commands main.ts loads on demand, each bundled into a file of its own: `burrow api` then reads and
 * compiles only its own code, and none of them the schema library the area commands validate with.
 */
const AREA_COMMANDS = ['videos', 'logs', 'apps'];

/**
 * The command's own entry keeps modules out, each loaded only on the path that needs it: the sandbox (an ES module
 * of its own, for `burrow sandbox`), the area commands (AREA_COMMANDS) and undici (for a request through a proxy).
 */
const keepOut = {
  name: 'burrow-keep-out',
  setup(build) {
    const fromMain = (args) => args.importer.endsWith(join('cli', 'main.ts'));
    build.onResolve({ filter: /^\.\/sandbox\.js$/ }, (args) => (fromMain(args) ? { path: './sandbox.cjs', external: true } : undefined));
    build.onResolve({ filter: new RegExp(`^\\./(${AREA_COMMANDS.join('|')})\\.js$`) }, (args) =>
      fromMain(args) ? { path: `./${args.path.slice(2, -3)}.cjs`, external: true } : undefined,
    );
    build.onResolve({ filter: /^\.\/transport-undici\.js$/ }, () => ({ path: './transport-undici.cjs', external: true }));
    // The core, which cli/core.ts opens: one file that the area commands share instead of a copy in each.
    build.onResolve({ filter: /^\.\.\/electron\/core\/index\.js$/ }, (args) =>
      args.importer.endsWith(join('cli', 'core.ts')) && !build.initialOptions.entryPoints.burrow ? { path: './core.cjs', external: true } : undefined,
    );
  },
};

/**
 * zod in one file of its own (zod.cjs), which the area commands, the core and the sandbox share: one copy to compile
 * for `burrow videos upload` instead of one in videos.cjs and another in core.cjs.
 */
const sharedZod = {
  name: 'burrow-shared-zod',
  setup(build) {
    build.onResolve({ filter: /^zod$/ }, () => ({ path: './zod.cjs', external: true }));
  },
};

/**
 * burrow.cjs holds `burrow api`'s core itself, with the console area alone: the command calls only `console.raw`
 * (checked without zod), and one file starts faster than any split (bench/README.md, cli-startup). The other areas,
 * the app's console and the zod contract stay out of this file: a call that reached them would fail, naming them.
 */
const apiCore = {
  name: 'burrow-api-core',
  setup(build) {
    const left = /^\.\/(desktop|settings|videos|logs|apps)\/index\.js$|^\.\.\/\.\.\/sandbox\/seed\.js$|^\.\.\/\.\.\/shared\/contract\/index\.js$|^\.\/send\.js$/;
    const from = /electron[/\\]core[/\\](index|router|console[/\\]index)\.ts$/;
    build.onResolve({ filter: left }, (args) => (from.test(args.importer) ? { path: `not in burrow.cjs: ${args.path}`, external: true } : undefined));
  },
};

async function build() {
  const { build: esbuild } = await import('esbuild');
  const startedAt = Date.now();
  const tmp = `${outDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const common = { absWorkingDir: root, bundle: true, platform: 'node', target: 'node20', minify: true, legalComments: 'none', metafile: true, logLevel: 'warning' };
  try {
    // The files, side by side (cli/version.ts finds package.json one folder up from its own file):
    // - burrow.cjs, the command: CommonJS, because an ES module entry costs Node its module loader and
    //   `node:fs`'s promise API (with readline) before the first line runs, a sixth of `burrow api`'s start;
    //   with `burrow api`'s core (apiCore above);
    // - videos.cjs, logs.cjs, apps.cjs: those commands, required by burrow.cjs only when they run;
    // - core.cjs, the app's core, required by those commands when they open it (cli/core.ts);
    // - zod.cjs, the schema library, shared by the last two (sharedZod above);
    // - sandbox.cjs, `burrow sandbox`, required only for that command;
    // - transport-undici.cjs, undici for proxied requests, required only when a proxy applies.
    // Every file is CommonJS, and one loads another with `require` (esbuild writes each `import()` of a file kept
    // out as a require): Node's `import()` of a .cjs file first scans its whole text for export names, about 70 ms
    // for each of videos.cjs and core.cjs on these machines.
    const commonJs = {
      ...common,
      outdir: tmp,
      outExtension: { '.js': '.cjs' },
      format: 'cjs',
      supported: { 'dynamic-import': false },
      banner: { js: IMPORT_META_SHIM },
      define: { 'import.meta.url': '__burrowImportMetaUrl' },
    };
    const results = await Promise.all([
      esbuild({ ...commonJs, entryPoints: { burrow: 'cli/main.ts' }, plugins: [keepOut, apiCore] }),
      esbuild({ ...commonJs, entryPoints: { core: 'electron/core/index.ts', ...Object.fromEntries(AREA_COMMANDS.map((name) => [name, `cli/${name}.ts`])) }, plugins: [keepOut, sharedZod] }),
      esbuild({ ...commonJs, entryPoints: { sandbox: 'cli/sandbox.ts' }, plugins: [sharedZod] }),
      esbuild({ ...commonJs, entryPoints: { zod: 'node_modules/zod/index.js' }, plugins: [zodEnglishOnly] }),
      esbuild({
        ...common,
        entryPoints: { 'transport-undici': 'electron/core/platform/transport-undici.ts' },
        outdir: tmp,
        outExtension: { '.js': '.cjs' },
        format: 'cjs',
        plugins: [slimUndici],
      }),
    ]);
    const metafile = { inputs: {}, outputs: {} };
    for (const r of results) {
      Object.assign(metafile.inputs, r.metafile.inputs);
      Object.assign(metafile.outputs, r.metafile.outputs);
    }
    // What bin/burrow.cjs checks before trusting the bundle: an edited source means the bundle is stale. A changed
    // recipe makes it stale too.
    const sourcesOf = (inputs) => [
      ...new Set([...inputs.map((p) => relative(root, resolve(root, p)).split('\\').join('/')).filter((p) => !p.startsWith('node_modules/') && !p.startsWith('..')), 'scripts/build-cli.mjs', 'scripts/zod-english.mjs']),
    ];
    const sources = sourcesOf(Object.keys(metafile.inputs));
    // `burrow api` runs burrow.cjs alone (and undici behind a proxy): it checks only their sources, a few dozen files
    // of the few hundred (a stat each is most of a millisecond per hundred, cli-startup).
    const api = sourcesOf(Object.entries(metafile.outputs).flatMap(([file, o]) => (/(^|\/)(burrow|transport-undici)\.cjs$/.test(file) ? Object.keys(o.inputs) : [])));
    // Kept for reading which modules each file holds (`burrow api` must not load the sandbox or undici).
    writeFileSync(join(tmp, 'meta.json'), JSON.stringify(metafile).split(basename(tmp)).join(basename(outDir)));
    // Written last: its presence says the bundle beside it is complete.
    writeFileSync(join(tmp, 'sources.json'), `${JSON.stringify({ builtAtMs: startedAt, sources, byCommand: { api } }, null, 1)}\n`);
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
