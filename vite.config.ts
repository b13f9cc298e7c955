import react from '@vitejs/plugin-react';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/** What index.html loads before any area opens: above this the window is slow to first draw. */
const INITIAL_JS_BUDGET_GZIP = 300 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Prints the initial JS size (the entry chunk and every chunk it imports statically; the lazily
 * loaded areas are not counted) and writes it to initial-js.json for the benchmark.
 */
function initialJsSize(): Plugin {
  return {
    name: 'burrow-initial-js-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])));
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || initial.has(fileName)) return;
        initial.add(fileName);
        chunk.imports.forEach(visit);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      const files = [...initial].sort();
      let rawBytes = 0;
      let gzipBytes = 0;
      for (const f of files) {
        const code = Buffer.from(chunks.get(f)!.code);
        rawBytes += code.length;
        gzipBytes += gzipSync(code, { level: 9 }).length;
      }
      this.emitFile({ type: 'asset', fileName: 'initial-js.json', source: `${JSON.stringify({ rawBytes, gzipBytes, budgetGzipBytes: INITIAL_JS_BUDGET_GZIP, files }, null, 2)}\n` });
      const verdict = gzipBytes <= INITIAL_JS_BUDGET_GZIP ? '' : ' — OVER BUDGET';
      console.log(`renderer initial JS: ${kb(rawBytes)} (gzip ${kb(gzipBytes)}), budget ${kb(INITIAL_JS_BUDGET_GZIP)} gzip${verdict}`);
    },
  };
}

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), initialJsSize()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    // No inlined assets: the CSP allows only same-origin files (and data: images).
    assetsInlineLimit: 0,
    // Loaded from disk, never over a network: a big lazily loaded area chunk (the console's editor) is fine.
    chunkSizeWarningLimit: 4096,
  },
});
