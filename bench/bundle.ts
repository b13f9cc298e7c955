/**
 * Bundles a case's child as the app ships its core (one JavaScript file, no TypeScript compiler at run time),
 * before anything is measured, so neither a clock nor a memory figure counts tsx against ours.
 */
import { join } from 'node:path';
import { zodEnglishOnly } from '../scripts/zod-english.mjs';

/** Bundles `bench/cases/<name>.ts` into `.bench-data/<name>.mjs`; resolves its path. */
export async function bundleChild(root: string, name: string): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = join(root, '.bench-data', `${name}.mjs`);
  await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'bench', 'cases', `${name}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // zod's messages in English only, as every bundle Burrow ships has them (scripts/zod-english.mjs).
    plugins: [zodEnglishOnly],
    // The bundled CommonJS packages `require` Node's built-ins.
    banner: { js: "import{createRequire as __benchRequire}from'node:module';const require=__benchRequire(import.meta.url);" },
  });
  return outfile;
}
