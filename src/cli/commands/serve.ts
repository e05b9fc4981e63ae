import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppController } from '../../app/app-controller.js';
import { bundledDemo } from '../../app/demo/bundled-demo.js';
import { connectHub } from '../../app/link/hub-link.js';
import { createAppServer } from '../../app/server/http-server.js';
import { numberFlag, parseArgs, stringFlag } from '../args.js';
import { CliError } from '../cli-error.js';
import { ensureWritableDir } from '../ensure-dir.js';
import { readJsonInput } from '../read-input.js';

export const usage = 'shagomer serve [--port N] [--host H] [--data DIR] [--serial PATH] [--table TABLE.json --camera CAMERA.json] [--demo]';

/** The repository (or installed package) root: dist/src/cli/commands → four levels up. */
export const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

const REMIND_MS = 15_000;

export function defaultDataDir(): string {
  return process.env.SHAGOMER_DATA ?? join(homedir(), '.shagomer');
}

export async function run(args: string[]): Promise<number> {
  const p = parseArgs(args, ['port', 'host', 'data', 'serial', 'table', 'camera'], ['demo']);
  if (p.positional.length > 0) throw new CliError(`usage: ${usage}`);
  const port = numberFlag(p, 'port', 8470, 0, 65535);
  const host = stringFlag(p, 'host') ?? '127.0.0.1';
  const dataDir = stringFlag(p, 'data') ?? defaultDataDir();
  ensureWritableDir(dataDir, '--data');
  const demo = bundledDemo(packageRoot);
  let app: AppController;
  try {
    app = new AppController({ dataDir, demo: demo.ok ? demo.start : null });
  } catch (e) {
    throw new CliError(`${dataDir}: cannot use as the data folder (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  if (p.flags.get('demo') === true) {
    if (!demo.ok) throw new CliError(demo.problem);
    const r = await demo.start(app);
    if (!r.ok) throw new CliError(r.problem);
  }
  const serial = stringFlag(p, 'serial');
  let hub: Awaited<ReturnType<typeof connectHub>> | null = null;
  // The hub's state changes, one line each, for whoever watches the terminal.
  let lastLink = '';
  app.onChange(() => {
    const line = app.link.status === 'none' ? '' : `${app.link.status}: ${app.link.detail}`;
    if (line !== lastLink && line !== '') process.stderr.write(`serve: sensors ${line}\n`);
    lastLink = line;
  });
  if (serial === undefined && !p.flags.has('demo')) process.stderr.write('serve: no sensor hub given (--serial PATH); the app offers the demo game\n');
  if (serial !== undefined) {
    hub = await connectHub(app, serial);
    if (!hub.ok) throw new CliError(hub.problem);
    // A missing hub is said at once (above) and again while it stays missing, so whoever
    // looks at the terminal later still learns what the app waits for.
    const reminder = setInterval(() => {
      if (app.link.status === 'waiting') process.stderr.write(`serve: still waiting for the sensor hub on ${serial} (${app.link.detail}); the game goes on without sensors meanwhile\n`);
    }, REMIND_MS);
    reminder.unref();
  }
  const uiDir = join(packageRoot, 'dist', 'ui');
  if (!existsSync(join(uiDir, 'index.html'))) process.stderr.write(`serve: the renderer is not built (${uiDir}); run "npm run build" — the API works meanwhile\n`);
  // The renderer's vision worker checks these files with the vision layer's own parsers.
  const tablePath = stringFlag(p, 'table');
  const cameraPath = stringFlag(p, 'camera');
  if ((tablePath === undefined) !== (cameraPath === undefined)) throw new CliError('--table and --camera go together');
  const cameraFiles = tablePath !== undefined && cameraPath !== undefined ? { profile: await readJsonInput(tablePath), camera: await readJsonInput(cameraPath) } : null;
  const openCvFile = createRequire(import.meta.url).resolve('@techstark/opencv-js');
  const { server, stop } = createAppServer({ app, uiDir, cameraFiles, openCvFile });
  await new Promise<void>((ok, fail) => {
    server.once('error', (e: NodeJS.ErrnoException) => fail(new CliError(e.code === 'EADDRINUSE' ? `port ${port} is in use; pick another with --port` : `cannot listen on ${host}:${port} (${e.code ?? e.message})`)));
    server.listen(port, host, () => ok());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  process.stdout.write(`serve: http://${host === '0.0.0.0' ? 'localhost' : host}:${actualPort}/  (spectators: /spectate; data in ${dataDir})\n`);
  await new Promise<void>((done) => {
    const finish = (): void => {
      void (async () => {
        if (hub?.ok) await hub.handle.stop();
        await stop();
        app.close();
        done();
      })();
    };
    process.once('SIGINT', finish);
    process.once('SIGTERM', finish);
  });
  return 0;
}
