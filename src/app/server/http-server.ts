import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import { Intent } from '../api/intents.js';
import type { AccessInfo, ServerMessage } from '../api/view.js';
import type { AppController } from '../app-controller.js';
import { catalog } from '../setup/catalog.js';
import { RefereeAccess } from './referee-access.js';
import { readBody } from './request-body.js';
import { allowedHostNames, bearerToken, contentTypeProblem, hostProblem, lanAddresses, originProblem } from './request-guard.js';
import { readStatic } from './static-files.js';
import { readVendorFile } from './vendor-files.js';
import { demoCameraRoute } from './demo-camera-routes.js';
import type { DemoCameraNow } from '../demo/bundled-demo.js';
import type { CalibrationFiles } from '../setup/calibration-files.js';
import { setupRoute } from './setup-routes.js';

/** What one server holds at most, and how long it waits. Every input is bounded. */
export interface ServerLimits {
  intentBodyBytes: number;
  importBodyBytes: number;
  /** Time for a client to send its request headers (slow-loris). */
  headersTimeoutMs: number;
  /** Time for a client to send its whole request. */
  requestTimeoutMs: number;
  /** A socket with nothing going on either way is closed after this long. */
  idleSocketMs: number;
  /** Open sockets; beyond it new ones are closed at once. */
  maxConnections: number;
  /** Live view streams (referee screens and spectators' phones); beyond it 503. */
  maxStreams: number;
  /** Views queued for a stream that does not read them; past this it is dropped (it may reconnect). */
  streamBacklogBytes: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  intentBodyBytes: 64 * 1024,
  importBodyBytes: 8 * 1024 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleSocketMs: 30_000,
  maxConnections: 600,
  maxStreams: 500,
  streamBacklogBytes: 4 * 1024 * 1024,
};

/** Keep-alive comments on the live streams, well inside the idle socket timeout. */
const KEEP_ALIVE_MS = 10_000;

export interface ServerOptions {
  app: AppController;
  /** The built renderer (dist/ui). */
  uiDir: string;
  /** The table profile and camera file for the renderer's vision worker (serve --table --camera). */
  cameraFiles?: { profile: unknown; camera: unknown } | null;
  /** opencv.js for the vision worker. */
  openCvFile?: string;
  /** The set-up wizard's files (DATA/calibration); the camera files fall back to them. */
  calibration?: CalibrationFiles;
  /** The address the server listens on (127.0.0.1 unless asked): decides the names it answers to. */
  bindHost?: string;
  /** More names it answers to (`serve --allow-host NAME`). */
  allowedHosts?: readonly string[];
  /** Tonight's referee tokens and pairing codes (one is made when not given). */
  access?: RefereeAccess;
  limits?: Partial<ServerLimits>;
  /** onnxruntime-web's dist folder and the learned detector's model, for the same worker (issue 9). */
  ortDir?: string;
  modelFile?: string;
  /** What the running demo's camera shows (issue 12: the demo shows its camera frames). */
  demoCamera?: () => DemoCameraNow | null;
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
};

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS });
  res.end(text);
}

const refuse = (res: ServerResponse, problem: string): void => json(res, 403, { ok: false, problem });

const PairBody = z.object({ code: z.string().regex(/^\d{6}$/, 'six digits') }).strict();

/** The first zod issue as `field: problem`, one line. */
function issueLine(error: z.ZodError, whole: string): string {
  const issue = error.issues[0];
  return `${issue?.path.join('.') || whole}: ${issue?.message ?? 'invalid'}`;
}

/**
 * The app over HTTP for browsers: the renderer's files, the typed API (POST an intent, GET the
 * view), and a server-sent event stream that pushes a fresh view after every change. Only the
 * referee changes or exports a game (the game-night token, or a paired device's token, sent as
 * `Authorization: Bearer`); everybody else gets the read-only view, `/spectate` included.
 */
export function createAppServer(opts: ServerOptions): { server: Server; stop(): Promise<void>; access: RefereeAccess } {
  const { app } = opts;
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  const access = opts.access ?? new RefereeAccess();
  const bindHost = opts.bindHost ?? '127.0.0.1';
  let names = allowedHostNames(bindHost, opts.allowedHosts);
  const wildcard = bindHost === '0.0.0.0' || bindHost === '::';
  const streams = new Map<ServerResponse, boolean>();
  /** A phone that stopped reading (asleep, gone) must not hold views in memory without end. */
  const send = (res: ServerResponse, frame: string): void => {
    if (res.writableLength > limits.streamBacklogBytes) {
      streams.delete(res);
      res.destroy();
    } else res.write(frame);
  };
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
        send(res, frame);
      }
    });
  };
  const unsubscribe = app.onChange(push);
  const keepAlive = setInterval(() => {
    for (const res of streams.keys()) send(res, ': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  keepAlive.unref();

  /** Where phones reach this app: each LAN address when bound to all of them. */
  const publicOrigins = (port: number): string[] => {
    const hosts = wildcard ? lanAddresses() : [bindHost.includes(':') ? `[${bindHost}]` : bindHost];
    return hosts.map((h) => `http://${h}:${port}`);
  };

  /** Null when the request may change or export a game; otherwise why not (one line). */
  const refereeProblem = (req: IncomingMessage, bodyTypes: readonly string[] | null): string | null =>
    originProblem(req, names) ??
    (bodyTypes ? contentTypeProblem(req, bodyTypes) : null) ??
    (access.isReferee(bearerToken(req)) ? null : 'not the referee: this device holds no referee token (pair it with the code shown on the referee screen)');

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    let hostRefused = hostProblem(req, names);
    if (hostRefused && wildcard) {
      // The laptop may have got a new address from the club's router since the start.
      names = allowedHostNames(bindHost, opts.allowedHosts);
      hostRefused = hostProblem(req, names);
    }
    if (hostRefused) return refuse(res, hostRefused);
    const isReferee = access.isReferee(bearerToken(req));
    if (req.method === 'GET' && path === '/api/view') return json(res, 200, app.view(!isReferee));
    if (req.method === 'GET' && path === '/api/events') {
      if (streams.size >= limits.maxStreams) {
        res.setHeader('retry-after', '10');
        return json(res, 503, { ok: false, problem: `${limits.maxStreams} live views are open already: try again later` });
      }
      // Each view goes out the moment it is written (no Nagle delay behind the previous one).
      res.socket?.setNoDelay(true);
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', ...SECURITY_HEADERS });
      res.write(`data: ${JSON.stringify({ type: 'view', view: app.view(!isReferee) } satisfies ServerMessage)}\n\n`);
      streams.set(res, !isReferee);
      req.on('close', () => streams.delete(res));
      return;
    }
    if (req.method === 'GET' && path === '/api/access') {
      const port = req.socket.localPort ?? 0;
      const origins = publicOrigins(port);
      const info: AccessInfo = { referee: isReferee, lan: bindHost !== '127.0.0.1' && bindHost !== 'localhost' && bindHost !== '::1', spectateUrls: origins.map((o) => `${o}/spectate`) };
      return json(res, 200, info);
    }
    if (req.method === 'GET' && path === '/api/catalog') return json(res, 200, catalog());
    if (req.method === 'GET' && path === '/api/camera-files') {
      const files = opts.cameraFiles ?? opts.calibration?.files() ?? null;
      return files ? json(res, 200, files) : json(res, 404, { ok: false, problem: 'no camera files: run the set-up wizard, or serve --table TABLE.json --camera CAMERA.json' });
    }
    if (req.method === 'GET' && (path === '/api/demo/camera' || path.startsWith('/demo/'))) {
      const d = await demoCameraRoute(path, opts.demoCamera?.() ?? null);
      if (d?.status === 404) return json(res, 404, { ok: false, problem: d.problem });
      if (d) {
        res.writeHead(200, { 'content-type': d.type, 'cache-control': path.startsWith('/api/') ? 'no-store' : 'max-age=3600', ...SECURITY_HEADERS });
        res.end(d.body);
        return;
      }
    }
    if (req.method === 'GET' && path.startsWith('/vendor/')) {
      const v = await readVendorFile(path, { openCvFile: opts.openCvFile, ortDir: opts.ortDir, modelFile: opts.modelFile });
      if (v?.status === 404) return json(res, 404, { ok: false, problem: v.problem });
      if (v) {
        // Static, but served like everything else: never sniffed, framed or sent to another site's page.
        res.writeHead(200, { 'content-type': v.type, 'cache-control': 'max-age=86400', 'cross-origin-resource-policy': 'same-origin', ...SECURITY_HEADERS });
        res.end(v.body);
        return;
      }
    }
    if (req.method === 'GET' && path === '/api/games') {
      const problem = refereeProblem(req, null);
      return problem ? refuse(res, problem) : json(res, 200, app.games());
    }
    const exportMatch = /^\/api\/games\/([a-z0-9-]{1,64})\/export$/.exec(path);
    if (req.method === 'GET' && exportMatch) {
      const problem = refereeProblem(req, null);
      if (problem) return refuse(res, problem);
      const text = app.store.exportText(exportMatch[1] as string);
      if (text === undefined) return json(res, 404, { ok: false, problem: 'no such game' });
      res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'content-disposition': `attachment; filename="${exportMatch[1]}.jsonl"`, 'cache-control': 'no-store', ...SECURITY_HEADERS });
      res.end(text);
      return;
    }
    if (req.method === 'POST' && path === '/api/games/import') {
      const problem = refereeProblem(req, ['application/x-ndjson', 'application/json']);
      if (problem) return refuse(res, problem);
      const body = await readBody(req, limits.importBodyBytes);
      if (!body.ok) return json(res, body.status, { ok: false, problem: body.problem });
      const id = url.searchParams.get('id') ?? undefined;
      const r = app.importGame(body.text, id);
      return json(res, r.ok ? 200 : 400, r.ok ? { ok: true, id: r.id } : r);
    }
    if (opts.calibration && path.startsWith('/api/setup')) {
      // The wizard writes calibration files: the referee's, like any change to the game night.
      let text = '';
      if (req.method === 'POST') {
        const problem = refereeProblem(req, ['application/json']);
        if (problem) return refuse(res, problem);
        const body = await readBody(req, limits.intentBodyBytes);
        if (!body.ok) return json(res, body.status, { ok: false, problem: body.problem });
        text = body.text;
      }
      if (await setupRoute(req, res, path, opts.calibration, () => Promise.resolve(text), json)) return;
    }
    if (req.method === 'POST' && path === '/api/intent') {
      const problem = refereeProblem(req, ['application/json']);
      if (problem) return refuse(res, problem);
      const body = await readBody(req, limits.intentBodyBytes);
      if (!body.ok) return json(res, body.status, { ok: false, problem: body.problem });
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.text) as unknown;
      } catch {
        return json(res, 400, { ok: false, problem: 'the body is not JSON' });
      }
      const intent = Intent.safeParse(parsed);
      if (!intent.success) return json(res, 400, { ok: false, problem: issueLine(intent.error, 'intent') });
      try {
        return json(res, 200, app.handle(intent.data));
      } catch (e) {
        // A journal that cannot be written (disk full, unplugged drive): say so, keep serving.
        return json(res, 500, { ok: false, problem: `not recorded: ${e instanceof Error ? e.message : String(e)}` });
      }
    }
    if (req.method === 'POST' && path === '/api/pairing/code') {
      const problem = refereeProblem(req, ['application/json']);
      if (problem) return refuse(res, problem);
      const code = access.newPairingCode();
      const port = req.socket.localPort ?? 0;
      return json(res, 200, { ok: true, ...code, pairUrls: publicOrigins(port).map((o) => `${o}/pair#code=${code.code}`) });
    }
    if (req.method === 'POST' && path === '/api/pair') {
      // No token yet: that is what pairing gives. Origin and JSON still hold.
      const problem = originProblem(req, names) ?? contentTypeProblem(req, ['application/json']);
      if (problem) return refuse(res, problem);
      const body = await readBody(req, 1024);
      if (!body.ok) return json(res, body.status, { ok: false, problem: body.problem });
      let raw: unknown;
      try {
        raw = JSON.parse(body.text) as unknown;
      } catch {
        return json(res, 400, { ok: false, problem: 'the body is not JSON' });
      }
      const code = PairBody.safeParse(raw);
      if (!code.success) return json(res, 400, { ok: false, problem: issueLine(code.error, 'code') });
      const r = access.pair(code.data.code);
      return r.ok ? json(res, 200, { ok: true, token: r.token }) : refuse(res, r.problem);
    }
    if (req.method === 'GET' && path === '/favicon.ico') {
      res.writeHead(204);
      res.end();
      return;
    }
    if (req.method === 'GET' && !path.startsWith('/api/')) {
      const page = path === '/' || path === '/spectate' || path === '/spectate/' || path === '/pair' || path === '/pair/';
      const file = page ? 'index.html' : path;
      const found = await readStatic(opts.uiDir, file);
      if (found) {
        res.writeHead(200, { 'content-type': found.type, 'cache-control': file === 'index.html' ? 'no-store' : 'max-age=3600', ...SECURITY_HEADERS });
        res.end(found.body);
        return;
      }
      if (file === 'index.html') {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`The renderer is not built (${join(opts.uiDir, 'index.html')} is missing): run "npm run build".\n`);
        return;
      }
    }
    json(res, 404, { ok: false, problem: `no route ${req.method ?? ''} ${path.slice(0, 200)}` });
  };

  const server = createServer(
    { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, keepAliveTimeout: 5_000, connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs) },
    (req, res) => {
      handle(req, res).catch((e: unknown) => {
        if (!res.headersSent) json(res, 500, { ok: false, problem: e instanceof Error ? e.message : String(e) });
        else res.end();
      });
    },
  );
  server.timeout = limits.idleSocketMs;
  server.maxConnections = limits.maxConnections;
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      clearInterval(keepAlive);
      unsubscribe();
      for (const res of streams.keys()) res.end();
      streams.clear();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { server, stop, access };
}
