import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Intent } from '../api/intents.js';
import type { ServerMessage } from '../api/view.js';
import type { AppController } from '../app-controller.js';
import { catalog } from '../setup/catalog.js';
import { readStatic } from './static-files.js';

const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface ServerOptions {
  app: AppController;
  /** The built renderer (dist/ui). */
  uiDir: string;
  /** The table profile and camera file for the renderer's vision worker (serve --table --camera). */
  cameraFiles?: { profile: unknown; camera: unknown } | null;
  /** opencv.js for the vision worker. */
  openCvFile?: string;
  /** onnxruntime-web's dist folder and the learned detector's model, for the same worker (issue 9). */
  ortDir?: string;
  modelFile?: string;
}

/** The onnxruntime-web files the worker loads: its wasm build, the glue it imports, the binary. */
const ORT_FILES: Record<string, string> = {
  'ort.wasm.min.js': 'text/javascript; charset=utf-8',
  'ort-wasm-simd-threaded.mjs': 'text/javascript; charset=utf-8',
  'ort-wasm-simd-threaded.wasm': 'application/wasm',
};

class BodyError extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyError(`request body over ${MAX_BODY_BYTES} bytes`));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

/**
 * The app over HTTP for browsers: the renderer's files, the typed API (POST an intent, GET the
 * view), and a server-sent event stream that pushes a fresh view after every change. `/spectate`
 * serves the same renderer, which then shows the game read-only and sends nothing.
 */
export function createAppServer(opts: ServerOptions): { server: Server; stop(): Promise<void> } {
  const { app } = opts;
  const streams = new Map<ServerResponse, boolean>();
  let pending = false;
  const push = (): void => {
    if (pending) return;
    pending = true;
    // Coalesce a burst of records (a hit and a fall arriving together) into one view.
    setImmediate(() => {
      pending = false;
      const frames = new Map<boolean, string>();
      for (const [res, readOnly] of streams) {
        let frame = frames.get(readOnly);
        if (frame === undefined) {
          const msg: ServerMessage = { type: 'view', view: app.view(readOnly) };
          frame = `data: ${JSON.stringify(msg)}\n\n`;
          frames.set(readOnly, frame);
        }
        res.write(frame);
      }
    });
  };
  app.onChange(push);
  const keepAlive = setInterval(() => {
    for (const res of streams.keys()) res.write(': keep-alive\n\n');
  }, 15_000);
  keepAlive.unref();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const readOnly = url.searchParams.get('role') === 'spectator';
    if (req.method === 'GET' && path === '/api/view') return json(res, 200, app.view(readOnly));
    if (req.method === 'GET' && path === '/api/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(`data: ${JSON.stringify({ type: 'view', view: app.view(readOnly) } satisfies ServerMessage)}\n\n`);
      streams.set(res, readOnly);
      req.on('close', () => streams.delete(res));
      return;
    }
    if (req.method === 'GET' && path === '/api/catalog') return json(res, 200, catalog());
    if (req.method === 'GET' && path === '/api/camera-files') {
      return opts.cameraFiles ? json(res, 200, opts.cameraFiles) : json(res, 404, { ok: false, problem: 'no camera files: serve --table TABLE.json --camera CAMERA.json' });
    }
    if (req.method === 'GET' && path === '/vendor/opencv.js' && opts.openCvFile) {
      const body = await readFile(opts.openCvFile).catch(() => null);
      if (!body) return json(res, 404, { ok: false, problem: 'opencv.js is not installed' });
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'max-age=86400' });
      res.end(body);
      return;
    }
    const ortMatch = /^\/vendor\/ort\/([a-z.-]{1,64})$/.exec(path);
    if (req.method === 'GET' && ((ortMatch && opts.ortDir && ORT_FILES[ortMatch[1] as string]) || (path === '/vendor/miniature-detector.onnx' && opts.modelFile))) {
      const file = ortMatch ? join(opts.ortDir as string, ortMatch[1] as string) : (opts.modelFile as string);
      const body = await readFile(file).catch(() => null);
      if (!body) return json(res, 404, { ok: false, problem: `${ortMatch ? 'onnxruntime-web' : 'the detector model'} is not installed` });
      res.writeHead(200, { 'content-type': ortMatch ? (ORT_FILES[ortMatch[1] as string] as string) : 'application/octet-stream', 'cache-control': 'max-age=86400' });
      res.end(body);
      return;
    }
    if (req.method === 'GET' && path === '/api/games') return json(res, 200, app.games());
    const exportMatch = /^\/api\/games\/([a-z0-9-]{1,64})\/export$/.exec(path);
    if (req.method === 'GET' && exportMatch) {
      const text = app.store.exportText(exportMatch[1] as string);
      if (text === undefined) return json(res, 404, { ok: false, problem: 'no such game' });
      res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'content-disposition': `attachment; filename="${exportMatch[1]}.jsonl"` });
      res.end(text);
      return;
    }
    if (req.method === 'POST' && path === '/api/games/import') {
      const id = url.searchParams.get('id') ?? app.newGameId();
      const r = app.store.importText(await readBody(req), id);
      return json(res, r.ok ? 200 : 400, r.ok ? { ok: true, id } : r);
    }
    if (req.method === 'POST' && path === '/api/intent') {
      if (readOnly) return json(res, 403, { ok: false, problem: 'spectators are read-only' });
      let body: unknown;
      try {
        body = JSON.parse(await readBody(req)) as unknown;
      } catch (e) {
        return json(res, 400, { ok: false, problem: e instanceof BodyError ? e.message : 'the body is not JSON' });
      }
      const intent = Intent.safeParse(body);
      if (!intent.success) {
        const issue = intent.error.issues[0];
        return json(res, 400, { ok: false, problem: `${issue?.path.join('.') || 'intent'}: ${issue?.message ?? 'invalid'}` });
      }
      try {
        return json(res, 200, app.handle(intent.data));
      } catch (e) {
        // A journal that cannot be written (disk full, unplugged drive): say so, keep serving.
        return json(res, 500, { ok: false, problem: `not recorded: ${e instanceof Error ? e.message : String(e)}` });
      }
    }
    if (req.method === 'GET' && path === '/favicon.ico') {
      res.writeHead(204);
      res.end();
      return;
    }
    if (req.method === 'GET' && !path.startsWith('/api/')) {
      const file = path === '/' || path === '/spectate' || path === '/spectate/' ? 'index.html' : path;
      const found = await readStatic(opts.uiDir, file);
      if (found) {
        res.writeHead(200, { 'content-type': found.type, 'cache-control': file === 'index.html' ? 'no-store' : 'max-age=3600' });
        res.end(found.body);
        return;
      }
      if (file === 'index.html') {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`The renderer is not built (${join(opts.uiDir, 'index.html')} is missing): run "npm run build".\n`);
        return;
      }
    }
    json(res, 404, { ok: false, problem: `no route ${req.method ?? ''} ${path}` });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) json(res, 500, { ok: false, problem: e instanceof Error ? e.message : String(e) });
      else res.end();
    });
  });
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      clearInterval(keepAlive);
      for (const res of streams.keys()) res.end();
      streams.clear();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { server, stop };
}
