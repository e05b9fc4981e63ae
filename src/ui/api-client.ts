import type { Intent, IntentReply } from '../app/api/intents.js';
import { IntentReply as IntentReplySchema } from '../app/api/intents.js';
import { Catalog, GameSummary, ServerMessage, type GameView } from '../app/api/view.js';
import { z } from 'zod';
import type { ShagomerBridge } from '../app/api/bridge.js';

/** The renderer's only way to the app: over HTTP + server-sent events, or over Electron IPC. */
export interface ApiClient {
  send(intent: Intent): Promise<IntentReply>;
  subscribe(onView: (view: GameView) => void, onDown: (why: string) => void): void;
  catalog(): Promise<Catalog>;
  games(): Promise<GameSummary[]>;
  exportUrl(gameId: string): string | null;
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

export class HttpClient implements ApiClient {
  constructor(private readonly readOnly: boolean) {}

  private get role(): string {
    return this.readOnly ? '?role=spectator' : '';
  }

  async send(intent: Intent): Promise<IntentReply> {
    try {
      const res = await fetch(`/api/intent${this.role}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(intent) });
      const parsed = IntentReplySchema.safeParse(await res.json());
      return parsed.success ? parsed.data : { ok: false, problem: `unexpected reply (${res.status})` };
    } catch (e) {
      return { ok: false, problem: `the app does not answer (${e instanceof Error ? e.message : String(e)})` };
    }
  }

  subscribe(onView: (view: GameView) => void, onDown: (why: string) => void): void {
    const source = new EventSource(`/api/events${this.role}`);
    source.onmessage = (e: MessageEvent<string>) => {
      const msg = ServerMessage.safeParse(JSON.parse(e.data));
      if (!msg.success) return onDown(`a message from the app did not match the API: ${msg.error.issues[0]?.path.join('.') ?? ''}`);
      if (msg.data.type === 'view') onView(msg.data.view);
    };
    // EventSource reconnects by itself; say so meanwhile.
    source.onerror = () => onDown('connection to the app lost, reconnecting…');
  }

  catalog(): Promise<Catalog> {
    return getJson('/api/catalog', Catalog);
  }

  games(): Promise<GameSummary[]> {
    return getJson('/api/games', Games);
  }

  exportUrl(gameId: string): string {
    return `/api/games/${encodeURIComponent(gameId)}/export`;
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
    const res = await fetch('/api/games/import', { method: 'POST', body: text });
    const body = z.object({ ok: z.boolean(), problem: z.string().optional() }).parse(await res.json());
    return body.ok ? { ok: true } : { ok: false, problem: body.problem ?? 'import refused' };
  }
}

/** Electron: the preload's bridge (contextIsolation), checked like any other boundary. */
export class IpcClient implements ApiClient {
  constructor(private readonly bridge: ShagomerBridge) {}

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

  exportUrl(): null {
    return null;
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
