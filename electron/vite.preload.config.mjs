import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// electron/preload.ts → dist/electron/preload.cjs, with `electron` left to Electron's require.
export default defineConfig({
  build: {
    outDir: fileURLToPath(new URL('../dist/electron', import.meta.url)),
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    lib: { entry: fileURLToPath(new URL('./preload.ts', import.meta.url)), formats: ['cjs'], fileName: () => 'preload.cjs' },
    rollupOptions: { external: ['electron'] },
  },
});
