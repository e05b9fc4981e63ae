import type { Intent, IntentReply } from '../app/api/intents.js';
import { IntentReply as IntentReplySchema } from '../app/api/intents.js';
import { AccessInfo, Catalog, GameSummary, PairingCode, ServerMessage, type GameView } from '../app/api/view.js';
import { z } from 'zod';
import type { ShagomerBridge } from '../app/api/bridge.js';
import { bridgeSave } from './save-client.js';

/** The renderer's only way to the app: over HTTP + server-sent events, or over Electron IPC. */
export interface ApiClient {
  send(intent: Intent): Promise<IntentReply>;
  subscribe(onView: (view: GameView) => void, onDown: (why: string) => void): void;
  catalog(): Promise<Catalog>;
  games(): Promise<GameSummary[]>;
  /** Whether exportGame works here (a browser downloads; Electron saves through its main process). */
  readonly canExport: boolean;
  /** Saves a game's journal as a file (a browser download, Electron's save dialog). */
  exportGame(gameId: string): Promise<IntentReply>;
  /** Whether this page is the referee, and where phones watch (the server decides both). */
  access(): Promise<AccessInfo>;
  /** A short code (and its addresses for a QR code) for pairing another device; the referee only. */
  pairingCode(): Promise<PairingCode | { ok: false; problem: string }>;
  /** This device enters the code from the referee's screen and becomes a referee. */
  pair(code: string): Promise<IntentReply>;
  importGame(text: string): Promise<IntentReply>;
  /** The table profile and camera file the app was given, or null when it has none. */
  cameraFiles(): Promise<{ profile: unknown; camera: unknown } | null>;
  /** Where the vision worker loads opencv.js from. */
  openCvUrl(): string;
}

const CameraFiles = z.object({ profile: z.unknown(), camera: z.unknown() });

const Games = z.array(GameSummary);

async function getJson<T>(url: string, schema: z.ZodType<T>): Promise<T> {
  const res = await fetch(url);
  return schema.parse(await res.json());
}

/** Where a referee page keeps tonight's token: this tab only, gone when the tab closes. */
const TOKEN_KEY = 'shagomer.referee';

/** The referee's header for requests outside this client (the set-up wizard's). */
export function refereeHeaders(): Record<string, string> {
  const token = globalThis.sessionStorage?.getItem(TOKEN_KEY);
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Reads `#referee=TOKEN` (the address the app printed) into sessionStorage and takes it off the address bar. */
function adoptTokenFromAddress(): string | null {
  const m = /(?:^#|&)referee=([A-Za-z0-9_-]{16,100})/.exec(location.hash);
  if (m) {
    sessionStorage.setItem(TOKEN_KEY, m[1] as string);
    history.replaceState(null, '', location.pathname + location.search);
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

const Problem = z.object({ ok: z.boolean(), problem: z.string().optional() });
const Paired = z.object({ ok: z.literal(true), token: z.string() });

/**
 * HTTP + server-sent events. The referee's token travels only as an `Authorization` header
 * (which a page of another site cannot add without a CORS preflight that is never granted);
 * the spectator page never sends one, so the server gives it the read-only view.
 */
export class HttpClient implements ApiClient {
  private token: string | null;
  readonly canExport = true;

  constructor(spectatorPage: boolean) {
    this.token = spectatorPage ? null : adoptTokenFromAddress();
  }

  private headers(contentType?: string): Record<string, string> {
    return { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...(contentType ? { 'content-type': contentType } : {}) };
  }

  private async post(path: string, body: string, contentType: string): Promise<{ status: number; body: unknown }> {
    const res = await fetch(path, { method: 'POST', headers: this.headers(contentType), body });
    return { status: res.status, body: (await res.json()) as unknown };
  }

  async send(intent: Intent): Promise<IntentReply> {
    try {
      const r = await this.post('/api/intent', JSON.stringify(intent), 'application/json');
      const parsed = IntentReplySchema.safeParse(r.body);
      return parsed.success ? parsed.data : { ok: false, problem: `unexpected reply (${r.status})` };
    } catch (e) {
      return { ok: false, problem: `the app does not answer (${e instanceof Error ? e.message : String(e)})` };
    }
  }

  /** The live stream, read with fetch so it can carry the referee's header; reconnects after a second. */
  subscribe(onView: (view: GameView) => void, onDown: (why: string) => void): void {
    const connect = async (): Promise<void> => {
      const res = await fetch('/api/events', { headers: this.headers(), cache: 'no-store' });
      if (!res.ok || !res.body) throw new Error(`status ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      /** The last view's text: the same view again (a push with nothing changed) is not parsed nor drawn again. */
      let last = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        text += value;
        let i: number;
        while ((i = text.indexOf('\n\n')) >= 0) {
          const frame = text.slice(0, i);
          text = text.slice(i + 2);
          if (!frame.startsWith('data: ') || frame === last) continue;
          last = frame;
          const msg = ServerMessage.safeParse(JSON.parse(frame.slice(6)));
          if (!msg.success) onDown(`a message from the app did not match the API: ${msg.error.issues[0]?.path.join('.') ?? ''}`);
          else if (msg.data.type === 'view') onView(msg.data.view);
        }
      }
    };
    const loop = (): void => {
      connect().catch(() => {
        onDown('connection to the app lost, reconnecting…');
        window.setTimeout(loop, 1000);
      });
    };
    loop();
  }

  async access(): Promise<AccessInfo> {
    const res = await fetch('/api/access', { headers: this.headers() });
    return AccessInfo.parse(await res.json());
  }

  async pairingCode(): Promise<PairingCode | { ok: false; problem: string }> {
    const r = await this.post('/api/pairing/code', '{}', 'application/json');
    const code = PairingCode.safeParse(r.body);
    if (code.success) return code.data;
    return { ok: false, problem: Problem.safeParse(r.body).data?.problem ?? `unexpected reply (${r.status})` };
  }

  async pair(code: string): Promise<IntentReply> {
    const r = await this.post('/api/pair', JSON.stringify({ code }), 'application/json');
    const paired = Paired.safeParse(r.body);
    if (!paired.success) return { ok: false, problem: Problem.safeParse(r.body).data?.problem ?? `unexpected reply (${r.status})` };
    this.token = paired.data.token;
    sessionStorage.setItem(TOKEN_KEY, paired.data.token);
    return { ok: true };
  }

  catalog(): Promise<Catalog> {
    return getJson('/api/catalog', Catalog);
  }

  async games(): Promise<GameSummary[]> {
    const res = await fetch('/api/games', { headers: this.headers() });
    return res.ok ? Games.parse(await res.json()) : [];
  }

  /** Fetched with the referee's header, then handed to the browser as a file. */
  async exportGame(gameId: string): Promise<IntentReply> {
    const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/export`, { headers: this.headers() });
    if (!res.ok) return { ok: false, problem: Problem.safeParse(await res.json()).data?.problem ?? `export refused (${res.status})` };
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `${gameId}.jsonl`;
    a.click();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return { ok: true };
  }

  async cameraFiles(): Promise<{ profile: unknown; camera: unknown } | null> {
    const res = await fetch('/api/camera-files');
    if (!res.ok) return null;
    const r = CameraFiles.safeParse(await res.json());
    return r.success ? { profile: r.data.profile, camera: r.data.camera } : null;
  }

  openCvUrl(): string {
    return new URL('/vendor/opencv.js', location.href).href;
  }

  async importGame(text: string): Promise<IntentReply> {
    const r = await this.post('/api/games/import', text, 'application/x-ndjson');
    const body = Problem.parse(r.body);
    return body.ok ? { ok: true } : { ok: false, problem: body.problem ?? 'import refused' };
  }
}

/** Electron: the preload's bridge (contextIsolation), checked like any other boundary. */
export class IpcClient implements ApiClient {
  readonly canExport: boolean;
  private readonly save: ReturnType<typeof bridgeSave>;
  constructor(private readonly bridge: ShagomerBridge) {
    this.save = bridgeSave(bridge);
    this.canExport = this.save !== undefined;
  }

  async send(intent: Intent): Promise<IntentReply> {
    const r = IntentReplySchema.safeParse(await this.bridge.send(intent));
    return r.success ? r.data : { ok: false, problem: 'unexpected reply from the main process' };
  }

  subscribe(onView: (view: GameView) => void, onDown: (why: string) => void): void {
    this.bridge.subscribe((raw) => {
      const msg = ServerMessage.safeParse(raw);
      if (!msg.success) return onDown('a message from the main process did not match the API');
      if (msg.data.type === 'view') onView(msg.data.view);
    });
  }

  async catalog(): Promise<Catalog> {
    return Catalog.parse(await this.bridge.catalog());
  }

  async games(): Promise<GameSummary[]> {
    return Games.parse(await this.bridge.games());
  }

  /** The main process asks where (its save dialog) and writes the journal; a cancel is no problem. */
  async exportGame(gameId: string): Promise<IntentReply> {
    if (!this.save) return { ok: false, problem: 'this desktop build has no save channel' };
    const r = await this.save({ kind: 'game', gameId });
    return r.ok ? { ok: true } : r;
  }

  /** The window is the referee: the main process trusts only its own page (see electron/main.ts). */
  access(): Promise<AccessInfo> {
    return Promise.resolve({ referee: true, lan: false, spectateUrls: [] });
  }

  pairingCode(): Promise<{ ok: false; problem: string }> {
    return Promise.resolve({ ok: false, problem: 'pairing needs the app served to the network: shagomer serve --host 0.0.0.0' });
  }

  pair(): Promise<IntentReply> {
    return Promise.resolve({ ok: false, problem: 'the app window is the referee already' });
  }

  private openCv = '';

  async cameraFiles(): Promise<{ profile: unknown; camera: unknown } | null> {
    const r = CameraFiles.extend({ openCvUrl: z.string() }).nullable().safeParse(await this.bridge.cameraFiles());
    if (!r.success || r.data === null) return null;
    this.openCv = r.data.openCvUrl;
    return { profile: r.data.profile, camera: r.data.camera };
  }

  openCvUrl(): string {
    return this.openCv;
  }

  async importGame(text: string): Promise<IntentReply> {
    const r = IntentReplySchema.safeParse(await this.bridge.importGame(text));
    return r.success ? r.data : { ok: false, problem: 'unexpected reply from the main process' };
  }
}
