/**
 * What the Electron preload exposes as `window.shagomer` (contextBridge). Values cross the
 * bridge untyped; both sides check them with the schemas of this folder.
 */
export interface ShagomerBridge {
  send(intent: unknown): Promise<unknown>;
  subscribe(listener: (message: unknown) => void): void;
  catalog(): Promise<unknown>;
  games(): Promise<unknown>;
  importGame(text: string): Promise<unknown>;
  /** `{profile, camera, openCvUrl}` for the vision worker, or null without camera files. */
  cameraFiles(): Promise<unknown>;
  /** The set-up wizard's requests (a SetupRequest of ./setup.ts; the reply a SetupReply). */
  setup?(request: unknown): Promise<unknown>;
  /** "Save as…" (a SaveFileRequest of ./save-file.ts; the reply a SaveFileReply). */
  saveFile?(request: unknown): Promise<unknown>;
}

/** IPC channel names shared by the main process and the preload. */
export const IPC = {
  intent: 'shagomer:intent',
  message: 'shagomer:message',
  subscribe: 'shagomer:subscribe',
  catalog: 'shagomer:catalog',
  games: 'shagomer:games',
  importGame: 'shagomer:import',
  cameraFiles: 'shagomer:camera-files',
  setup: 'shagomer:setup',
  saveFile: 'shagomer:save-file',
} as const;
