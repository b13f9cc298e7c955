#!/usr/bin/env node
/**
 * `npm run build:electron`: bundles Electron's main process, its preload and the logs rows worker into
 * dist-electron/ (CommonJS, electron itself left out), with zod's messages in English only (zod-english.mjs).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { zodEnglishOnly } from './zod-english.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

await build({
  absWorkingDir: root,
  entryPoints: { main: 'electron/main/index.ts', preload: 'electron/preload/index.ts', logsworker: 'electron/core/logs/rows/rows-worker.ts' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: ['electron'],
  sourcemap: true,
  outdir: 'dist-electron',
  outExtension: { '.js': '.cjs' },
  logOverride: { 'empty-import-meta': 'silent' },
  logLevel: 'warning',
  plugins: [zodEnglishOnly],
});
