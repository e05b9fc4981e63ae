/** The renderer's side of "Save as…" in Electron: the preload's saveFile with its reply checked by the API's schema. */
import type { ShagomerBridge } from '../app/api/bridge.js';
import { SaveFileReply, type SaveFileRequest } from '../app/api/save-file.js';

/** The preload's saveFile, its reply checked; undefined when this build has none. */
export function bridgeSave(bridge: ShagomerBridge): ((req: SaveFileRequest) => Promise<SaveFileReply>) | undefined {
  const call = bridge.saveFile;
  if (!call) return undefined;
  return async (req) => {
    const r = SaveFileReply.safeParse(await call(req));
    return r.success ? r.data : { ok: false, problem: 'unexpected reply from the main process' };
  };
}
