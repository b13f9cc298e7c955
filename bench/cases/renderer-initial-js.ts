/**
 * `renderer-initial-js`: the gzip size of the JavaScript the app's window loads before it can show anything —
 * the entry scripts of dist/renderer/index.html, the modules it preloads, and everything those import
 * statically (dynamic imports are the lazily loaded areas and do not count) — against a 300 KB budget.
 * KB is 1000 bytes and gzip is zlib's default level, as in vite's own size report.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { BenchCase } from './case.js';

/** The JS files index.html names: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
export function namedScripts(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((v) => v !== undefined);
    const isScript = /^<script/i.test(tag);
    const url = isScript ? attr('src') : attr('rel')?.toLowerCase() === 'modulepreload' ? attr('href') : undefined;
    if (url !== undefined && !/^[a-z]+:|^\/\//i.test(url)) found.push(url);
  }
  return found;
}

/** The files `entries` import statically, themselves included, as absolute paths. */
export async function staticClosure(dir: string, entries: readonly string[]): Promise<string[]> {
  if (entries.length === 0) return [];
  const result = await build({ absWorkingDir: dir, entryPoints: [...entries], bundle: true, write: false, metafile: true, format: 'esm', logLevel: 'silent', outdir: 'out' });
  const inputs = result.metafile.inputs;
  const seen = new Set<string>();
  const queue = entries.map((e) => relative(dir, e).split('\\').join('/'));
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const i of inputs[file]?.imports ?? []) if (i.kind === 'import-statement') queue.push(i.path);
  }
  return [...seen].map((f) => resolve(dir, f));
}

/** Raw and gzip bytes of the initial JS of a built renderer. */
export async function initialJs(distDir: string): Promise<{ readonly files: readonly string[]; readonly rawBytes: number; readonly gzipBytes: number }> {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entries = [...new Set(namedScripts(html).map((u) => resolve(distDir, u.split(/[?#]/)[0] as string)))];
  const files = await staticClosure(distDir, entries);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const f of files) {
    const bytes = readFileSync(f);
    rawBytes += bytes.length;
    gzipBytes += gzipSync(bytes).length;
  }
  return { files: files.map((f) => relative(distDir, f)), rawBytes, gzipBytes };
}

export const rendererInitialJs: BenchCase = {
  name: 'renderer-initial-js',
  needs: ['build:renderer'],
  async run(ctx) {
    // A size, not a timing: one measurement stands for every round.
    const m = await initialJs(join(ctx.root, 'dist', 'renderer'));
    ctx.log(`renderer-initial-js: ${m.files.join(', ')} — ${m.rawBytes} bytes, ${m.gzipBytes} gzip`);
    return [{ name: 'renderer-initial-js', unit: 'KB', ours: [m.gzipBytes / 1000], peerName: 'budget', peer: [300], gate: { op: '<=', value: 300, unit: 'KB' } }];
  },
};
