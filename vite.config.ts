import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    // No inlined assets: the CSP allows only same-origin files (and data: images).
    assetsInlineLimit: 0,
    // Loaded from disk by a desktop app, never over a network: one bundle is fine.
    chunkSizeWarningLimit: 4096,
  },
});
