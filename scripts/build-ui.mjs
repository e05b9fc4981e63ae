// Builds the browser renderer (src/ui) with Vite into dist/ui, and makes the CLI executable.
import { chmodSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const bin = 'dist/src/cli/main.js';
if (existsSync(bin)) chmodSync(bin, 0o755);
if (existsSync('src/ui/index.html')) {
  const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'src/ui/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
