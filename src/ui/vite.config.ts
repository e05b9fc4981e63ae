import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The renderer: plain TypeScript and DOM, built to dist/ui for `shagomer serve` and Electron.
export default defineConfig({
  root,
  base: './',
  // The vision worker is a classic script: opencv.js (UMD) loads into it with importScripts.
  worker: { format: 'iife' },
  build: {
    outDir: fileURLToPath(new URL('../../dist/ui', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
});
