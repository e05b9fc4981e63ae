import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app as electronApp, BrowserWindow, dialog, ipcMain, protocol, session, shell, type IpcMainInvokeEvent } from 'electron';
import { IPC } from '../src/app/api/bridge.js';
import { Intent } from '../src/app/api/intents.js';
import type { ServerMessage } from '../src/app/api/view.js';
import { AppController } from '../src/app/app-controller.js';
import { bundledDemo } from '../src/app/demo/bundled-demo.js';
import { connectHub } from '../src/app/link/hub-link.js';
import { catalog } from '../src/app/setup/catalog.js';
import { SetupRequest } from '../src/app/api/setup.js';
import { CalibrationFiles } from '../src/app/setup/calibration-files.js';
import { listSerialPorts } from '../src/link/index.js';
import { defaultVendorSources } from '../src/app/server/vendor-files.js';
import { OPENCV_URL, VENDOR_PRIVILEGES, VENDOR_SCHEME, vendorReply } from './vendor-protocol.js';
import { saveFileHandler } from './save-files.js';

/**
 * The Electron main process, kept thin: it owns the AppController (journal, link, engine) and
 * relays typed intents and views over IPC. The renderer is the same build `shagomer serve`
 * gives a browser; the preload exposes only the bridge of src/app/api/bridge.ts.
 */
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const dataDir = process.env.SHAGOMER_DATA ?? join(electronApp.getPath('home'), '.shagomer');
const NOT_OUR_PAGE = 'refused: only the app\'s own page in its window may change the game';
const serialArg = process.argv.find((a) => a.startsWith('--serial='))?.slice('--serial='.length) ?? process.env.SHAGOMER_SERIAL;

// The vision workers' files (opencv.js, onnxruntime-web, the detector model) under shagomer://app/vendor/.
protocol.registerSchemesAsPrivileged([{ scheme: VENDOR_SCHEME, privileges: VENDOR_PRIVILEGES }]);

async function main(): Promise<void> {
  await electronApp.whenReady();
  const vendor = defaultVendorSources();
  protocol.handle(VENDOR_SCHEME, async (req) => {
    const r = await vendorReply(req.method, req.url, vendor);
    return new Response(req.method === 'HEAD' ? null : r.body, { status: r.status, headers: r.headers });
  });
  const demo = bundledDemo(root);
  const app = new AppController({ dataDir, demo: demo.ok ? demo.start : null });
  let hub: Awaited<ReturnType<typeof connectHub>> | null = null;
  if (serialArg) {
    hub = await connectHub(app, serialArg);
    if (!hub.ok) app.setLinkStatus({ status: 'none', detail: hub.problem });
  }
  // The wizard's files and hub picker: serialport's device list plus a path field for ptys.
  const calibration = new CalibrationFiles(dataDir, {
    list: listSerialPorts,
    connect: async (path) => {
      if (hub?.ok) await hub.handle.stop();
      hub = await connectHub(app, path);
      return hub.ok ? { ok: true } : { ok: false, problem: hub.problem };
    },
  });
  const win = new BrowserWindow({
    width: 1600,
    height: 960,
    title: 'Шагомер',
    webPreferences: { preload: join(here, 'preload.cjs'), contextIsolation: true, nodeIntegration: false, sandbox: true },
  });
  // The camera only for our own window, video only; everything else a page might ask is refused.
  session.defaultSession.setPermissionRequestHandler((contents, permission, grant, details) => {
    const video = 'mediaTypes' in details && Array.isArray(details.mediaTypes) && details.mediaTypes.every((m) => m === 'video');
    grant(contents === win.webContents && permission === 'media' && video);
  });
  session.defaultSession.setPermissionCheckHandler((contents, permission) => contents === win.webContents && permission === 'media');
  // The window is the referee (the game-night token is this process itself): only the app's
  // own page in it may send intents; a page it was navigated to, or a frame inside it, may not.
  const index = join(root, 'dist', 'ui', 'index.html');
  const ownUrl = pathToFileURL(index).href;
  const fromOurWindow = (e: IpcMainInvokeEvent): boolean => e.sender === win.webContents && e.senderFrame?.parent === null && e.senderFrame.url.split('#')[0] === ownUrl;
  win.webContents.on('will-navigate', (e) => e.preventDefault());
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const push = (): void => {
    if (!win.isDestroyed()) win.webContents.send(IPC.message, { type: 'view', view: app.view(false) } satisfies ServerMessage);
  };
  app.onChange(push);
  ipcMain.on(IPC.subscribe, push);
  ipcMain.handle(IPC.intent, (e, raw: unknown) => {
    if (!fromOurWindow(e)) return { ok: false, problem: NOT_OUR_PAGE };
    const intent = Intent.safeParse(raw);
    if (!intent.success) return { ok: false, problem: `${intent.error.issues[0]?.path.join('.') ?? 'intent'}: ${intent.error.issues[0]?.message ?? 'invalid'}` };
    try {
      return app.handle(intent.data);
    } catch (e) {
      return { ok: false, problem: `not recorded: ${e instanceof Error ? e.message : String(e)}` };
    }
  });
  ipcMain.handle(IPC.catalog, () => catalog());
  // Camera files as for `serve --table --camera`: SHAGOMER_TABLE and SHAGOMER_CAMERA name them;
  // without them, the wizard's files (DATA/calibration).
  ipcMain.handle(IPC.cameraFiles, () => {
    const table = process.env.SHAGOMER_TABLE;
    const camera = process.env.SHAGOMER_CAMERA;
    const openCvUrl = OPENCV_URL;
    if (!table || !camera) {
      const files = calibration.files();
      return files ? { ...files, openCvUrl } : null;
    }
    try {
      return {
        profile: JSON.parse(readFileSync(table, 'utf8')) as unknown,
        camera: JSON.parse(readFileSync(camera, 'utf8')) as unknown,
        openCvUrl,
      };
    } catch (e) {
      app.note(`camera files: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  });
  ipcMain.handle(IPC.setup, async (_e, raw: unknown) => {
    const req = SetupRequest.safeParse(raw);
    if (!req.success) return { ok: false, problem: `${req.error.issues[0]?.path.join('.') || 'request'}: ${req.error.issues[0]?.message ?? 'invalid'}` };
    const reply = await calibration.handle(req.data);
    // The printed sheets open in the system's PDF viewer, from which they are printed.
    const pdf = req.data.type === 'print' && reply.ok ? calibration.pdfFile(req.data.paper) : null;
    if (pdf) void shell.openPath(pdf);
    return reply;
  });
  // "Save as…" for the game journal, the marker PDF, the camera and table files and rosters.
  const saveFile = saveFileHandler({
    calibration,
    exportText: (id) => app.store.exportText(id),
    ask: async ({ defaultName, filter }) => {
      const r = await dialog.showSaveDialog(win, { defaultPath: join(electronApp.getPath('documents'), defaultName), filters: [filter] });
      return r.canceled || !r.filePath ? null : r.filePath;
    },
  });
  ipcMain.handle(IPC.saveFile, (e, raw: unknown) => (fromOurWindow(e) ? saveFile(raw) : { ok: false, problem: NOT_OUR_PAGE }));
  ipcMain.handle(IPC.games, () => app.games());
  ipcMain.handle(IPC.importGame, (e, text: unknown) => {
    if (!fromOurWindow(e)) return { ok: false, problem: NOT_OUR_PAGE };
    return typeof text === 'string' ? app.importGame(text) : { ok: false, problem: 'expected the text of an exported game' };
  });
  if (!existsSync(index)) {
    process.stderr.write(`shagomer: the renderer is not built (${index}); run "npm run build"\n`);
    electronApp.exit(2);
    return;
  }
  await win.loadFile(index);
  electronApp.on('window-all-closed', () => {
    app.close();
    electronApp.quit();
  });
}

main().catch((e: unknown) => {
  process.stderr.write(`shagomer: ${e instanceof Error ? e.message : String(e)}\n`);
  electronApp.exit(1);
});
