// Bundles demo/make-frames.ts (it imports the TypeScript renderer in test/synthetic) with Vite's
// SSR build, packages left external, then runs it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// Inside the repository so the bundle finds node_modules (sharp, zod).
const outDir = join('dist', 'demo-tools');
const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--ssr', 'demo/make-frames.ts', '--outDir', outDir, '--logLevel', 'warn'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const run = spawnSync(process.execPath, [join(outDir, 'make-frames.js')], { stdio: 'inherit' });
process.exit(run.status ?? 1);
