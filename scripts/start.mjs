// `npm start`: the Electron app where it can run; otherwise ONE line saying why, and the same
// app served to a browser (its URL printed by `shagomer serve`). Without a camera and a sensor
// hub the app offers the bundled demo game on its first screen.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const passThrough = process.argv.slice(2);

if (!existsSync('dist/src/cli/main.js') || !existsSync('dist/ui/index.html')) {
  console.error('start: the app is not built; run "npm run build" (npm install does it) and try again');
  process.exit(2);
}

const NO_BINARY = "Electron's program is not installed on this machine (its download is skipped offline; nothing to fix)";

/** Why Electron cannot start here, or null when it may. */
function electronBlocker() {
  let binary;
  try {
    // The package exports the binary's path, or throws ("delete node_modules…") when its
    // binary was never downloaded: that advice is wrong here, the download is simply offline.
    binary = require('electron');
  } catch {
    return NO_BINARY;
  }
  if (typeof binary !== 'string' || !existsSync(binary)) return NO_BINARY;
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return 'no display (DISPLAY and WAYLAND_DISPLAY are unset)';
  return null;
}

function serveInBrowser(reason) {
  console.log(`start: the desktop window cannot open: ${reason}.`);
  console.log('start: the app opens in the browser instead: open the address printed below.');
  const child = spawn(process.execPath, ['dist/src/cli/main.js', 'serve', ...passThrough], { stdio: 'inherit' });
  const forward = (sig) => child.kill(sig);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code) => process.exit(code ?? 0));
}

const blocker = electronBlocker();
if (blocker) serveInBrowser(blocker);
else {
  const started = Date.now();
  const child = spawn(require('electron'), ['dist/electron/main.js', ...passThrough], { stdio: ['inherit', 'inherit', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += c.toString();
    process.stderr.write(c);
  });
  child.on('error', (e) => serveInBrowser(`it did not launch: ${e.message}`));
  child.on('exit', (code) => {
    // A crash within seconds is Electron failing to start (missing libraries, no GPU/display), not the user quitting.
    if (code !== 0 && Date.now() - started < 5000) serveInBrowser(`it exited at start: ${stderr.trim().split('\n').pop() ?? `code ${code}`}`);
    else process.exit(code ?? 0);
  });
}
