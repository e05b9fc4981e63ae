// Builds the browser renderer (src/ui) with Vite into dist/ui, bundles the Electron preload to
// CommonJS (a sandboxed preload cannot be an ES module), and makes the CLI executable.
import { chmodSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const bin = 'dist/src/cli/main.js';
if (existsSync(bin)) chmodSync(bin, 0o755);
const vite = (args) => spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', ...args], { stdio: 'inherit' }).status ?? 1;
if (existsSync('src/ui/index.html')) {
  const status = vite(['build', '--config', 'src/ui/vite.config.ts', '--logLevel', 'warn']);
  if (status !== 0) process.exit(status);
}
if (existsSync('electron/preload.ts') && existsSync('electron/vite.preload.config.mjs')) {
  process.exit(vite(['build', '--config', 'electron/vite.preload.config.mjs', '--logLevel', 'warn']));
}
