import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppController } from '../../app/app-controller.js';
import { bundledDemo } from '../../app/demo/bundled-demo.js';
import { connectHub } from '../../app/link/hub-link.js';
import { createAppServer } from '../../app/server/http-server.js';
import { CalibrationFiles } from '../../app/setup/calibration-files.js';
import { listSerialPorts } from '../../link/index.js';
import { lanAddresses } from '../../app/server/request-guard.js';
import { renderUnicodeCompact } from 'uqr';
import { numberFlag, parseArgs, stringFlag } from '../args.js';
import { CliError } from '../cli-error.js';
import { ensureWritableDir } from '../ensure-dir.js';
import { readJsonInput } from '../read-input.js';
import { defaultModelPath } from '../../vision/learned/onnx-node.js';

export const usage = 'shagomer serve [--port N] [--host H] [--allow-host NAME,…] [--data DIR] [--serial PATH] [--table TABLE.json --camera CAMERA.json] [--demo]';

const HOST_NAME = /^[a-z0-9]([a-z0-9.-]{0,252})$/i;

/** The repository (or installed package) root: dist/src/cli/commands → four levels up. */
export const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

const REMIND_MS = 15_000;

export function defaultDataDir(): string {
  return process.env.SHAGOMER_DATA ?? join(homedir(), '.shagomer');
}

export async function run(args: string[]): Promise<number> {
  const p = parseArgs(args, ['port', 'host', 'allow-host', 'data', 'serial', 'table', 'camera'], ['demo']);
  if (p.positional.length > 0) throw new CliError(`usage: ${usage}`);
  const port = numberFlag(p, 'port', 8470, 0, 65535);
  const host = stringFlag(p, 'host') ?? '127.0.0.1';
  // Names the app answers to besides its address and localhost (a club's DNS name for the laptop).
  const allowHosts = (stringFlag(p, 'allow-host') ?? '').split(',').filter((n) => n.length > 0);
  const badHost = allowHosts.find((n) => !HOST_NAME.test(n));
  if (badHost !== undefined) throw new CliError(`--allow-host: "${badHost}" is not a host name`);
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
  const ortDir = dirname(createRequire(import.meta.url).resolve('onnxruntime-web/wasm'));
    // The wizard may open (or change) the hub: the port list and a path field for ptys.
  const hubControl = {
    list: listSerialPorts,
    connect: async (path: string): Promise<{ ok: true } | { ok: false; problem: string }> => {
      if (hub?.ok) await hub.handle.stop();
      hub = await connectHub(app, path);
      return hub.ok ? { ok: true } : { ok: false, problem: hub.problem };
    },
  };
  const { server, stop, access } = createAppServer({ app, uiDir, cameraFiles, openCvFile, calibration: new CalibrationFiles(dataDir, hubControl), bindHost: host, allowedHosts: allowHosts, ortDir, modelFile: defaultModelPath(), ...(demo.ok ? { demoCamera: demo.camera } : {}) });
  await new Promise<void>((ok, fail) => {
    server.once('error', (e: NodeJS.ErrnoException) => fail(new CliError(e.code === 'EADDRINUSE' ? `port ${port} is in use; pick another with --port` : `cannot listen on ${host}:${port} (${e.code ?? e.message})`)));
    server.listen(port, host, () => ok());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const wildcard = host === '0.0.0.0' || host === '::';
  const local = `http://${wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${actualPort}/`;
  // The referee's address carries tonight's token in its fragment: browsers never send a
  // fragment to a server, the page keeps it in sessionStorage and sends it as a header.
  process.stdout.write(`serve: ${local}#referee=${access.nightToken}  (the referee screen: open this address on this machine; spectators: ${local}spectate; data in ${dataDir})\n`);
  if (wildcard) {
    const urls = lanAddresses().map((a) => `http://${a}:${actualPort}/spectate`);
    if (urls.length === 0) process.stdout.write('serve: no network address found for phones; the referee screen shows it once there is one\n');
    else {
      process.stdout.write(`serve: phones watch at ${urls.join(' or ')}\n${renderUnicodeCompact(urls[0] as string)}\n`);
    }
  }
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
