import { contextBridge, ipcRenderer } from 'electron';
import { IPC, type ShagomerBridge } from '../src/app/api/bridge.js';

/**
 * Context-isolated preload: the renderer gets `window.shagomer` with eight calls and nothing
 * else of Node or Electron. Bundled to CommonJS (preload.cjs) by scripts/build-ui.mjs, since a
 * sandboxed preload cannot be an ES module.
 */
const bridge: ShagomerBridge = {
  send: (intent) => ipcRenderer.invoke(IPC.intent, intent),
  subscribe: (listener) => {
    ipcRenderer.on(IPC.message, (_e, message: unknown) => listener(message));
    ipcRenderer.send(IPC.subscribe);
  },
  catalog: () => ipcRenderer.invoke(IPC.catalog),
  games: () => ipcRenderer.invoke(IPC.games),
  importGame: (text) => ipcRenderer.invoke(IPC.importGame, text),
  cameraFiles: () => ipcRenderer.invoke(IPC.cameraFiles),
  setup: (request) => ipcRenderer.invoke(IPC.setup, request),
  saveFile: (request) => ipcRenderer.invoke(IPC.saveFile, request),
};

contextBridge.exposeInMainWorld('shagomer', bridge);
