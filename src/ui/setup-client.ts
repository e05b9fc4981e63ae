import type { ShagomerBridge } from '../app/api/bridge.js';
import type { SaveFileReply, SaveFileRequest } from '../app/api/save-file.js';
import { SetupReply, type SetupRequest } from '../app/api/setup.js';
import { refereeHeaders } from './api-client.js';
import { bridgeSave } from './save-client.js';

/**
 * The set-up wizard's way to the app: `POST /api/setup` in a browser, the preload's `setup`
 * in Electron. Replies are checked with the API's schema like every other boundary.
 */
export interface SetupClient {
  request(req: SetupRequest): Promise<SetupReply>;
  /** True in Electron: the main process opens the printed PDF itself. */
  readonly desktop: boolean;
  /** Electron: "Save as…" through the main process (a browser downloads links instead). */
  readonly save?: (req: SaveFileRequest) => Promise<SaveFileReply>;
}


export function setupClient(bridge: ShagomerBridge | undefined): SetupClient {
  if (bridge) {
    return {
      desktop: true,
      save: bridgeSave(bridge),
      async request(req) {
        if (!bridge.setup) return { ok: false, problem: 'this desktop build has no set-up channel' };
        const r = SetupReply.safeParse(await bridge.setup(req));
        return r.success ? r.data : { ok: false, problem: 'unexpected reply from the main process' };
      },
    };
  }
  return {
    desktop: false,
    async request(req) {
      try {
        const res = await fetch('/api/setup', { method: 'POST', headers: { ...refereeHeaders(), 'content-type': 'application/json' }, body: JSON.stringify(req) });
        const r = SetupReply.safeParse(await res.json());
        return r.success ? r.data : { ok: false, problem: `unexpected reply (${res.status})` };
      } catch (e) {
        return { ok: false, problem: `the app does not answer (${e instanceof Error ? e.message : String(e)})` };
      }
    },
  };
}
