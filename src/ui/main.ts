import type { ShagomerBridge } from '../app/api/bridge.js';
import type { Intent } from '../app/api/intents.js';
import type { Catalog, GameSummary, GameView } from '../app/api/view.js';
import { HttpClient, IpcClient, type ApiClient } from './api-client.js';
import { h } from './dom.js';
import { currentLang, setLang, t } from './i18n.js';
import { armySection, newGameSection } from './views/setup-view.js';
import { sidePanel } from './views/side-panel.js';
import { TableCanvas } from './views/table-canvas.js';
import { CameraFeed } from './camera/camera-feed.js';

declare global {
  interface Window {
    shagomer?: ShagomerBridge;
    /** Measurements for tests and `npm run bench:app`. */
    __shagomer?: { table: TableCanvas; view: () => GameView | null; latenciesMs: number[]; cameraRectified: () => boolean };
  }
}

const readOnly = location.pathname.startsWith('/spectate');
const api: ApiClient = window.shagomer ? new IpcClient(window.shagomer) : new HttpClient(readOnly);

const top = document.getElementById('top') as HTMLElement;
const app = document.getElementById('app') as HTMLElement;
const tableWrap = h('div', { class: 'table-wrap' });
/** Where the app saw each model last by camera: only changes are sent (the journal stays small). */
const cameraSeen = new Map<string, { xMm: number; yMm: number }>();
/** Live feedback on the camera: what vision found in the last frame. */
let cameraStatus = '';
const camera = new CameraFeed({
  located: (tags, _mesh, quality) => {
    const status = `${tags.length} ${t('tagsSeen')} · ${quality.reprojectionPx.toFixed(2)} px · ${quality.ms.toFixed(0)} ms`;
    if (status.split(' · ').slice(0, 2).join() !== cameraStatus.split(' · ').slice(0, 2).join()) {
      cameraStatus = status;
      header(view);
    }
    const v = view;
    if (!v || readOnly) return;
    const moved = v.models.flatMap((m) => {
      const tag = m.tag === null ? undefined : tags.find((x) => x.id === m.tag);
      if (!tag) return [];
      const last = cameraSeen.get(m.id) ?? m.pos;
      if (last && Math.hypot(last.xMm - tag.x_mm, last.yMm - tag.y_mm) < 3) return [];
      cameraSeen.set(m.id, { xMm: tag.x_mm, yMm: tag.y_mm });
      return [{ id: m.id, xMm: tag.x_mm, yMm: tag.y_mm, fallen: false }];
    });
    if (moved.length > 0) send({ type: 'camera-positions', models: moved });
  },
  problem: (text) => {
    cameraStatus = text;
    header(view);
    toast(`${t('camera')}: ${text}`);
  },
});
const panelHost = h('div', { style: 'display:flex' });
let view: GameView | null = null;
let catalog: Catalog = [];
let games: GameSummary[] = [];
let toastTimer: number | undefined;
const latenciesMs: number[] = [];
const seenReadings = new Set<string>();

function toast(text: string): void {
  document.querySelector('.toast')?.remove();
  const el = h('div', { class: 'toast', 'data-testid': 'toast' }, text);
  document.body.append(el);
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => el.remove(), 4000);
}

function send(intent: Intent): void {
  if (readOnly) return;
  void api.send(intent).then((r) => {
    if (!r.ok) toast(r.reason ? r.reason[currentLang()] : r.problem);
  });
}

const table = new TableCanvas(
  {
    select: (shooterId, targetId) => send({ type: 'select', shooterId, targetId, weaponId: view?.selection.weaponId ?? null }),
    move: (modelId, xMm, yMm) => {
      const m = view?.models.find((x) => x.id === modelId);
      send({ type: 'place-models', models: [{ id: modelId, xMm, yMm, fallen: m?.seenFallen ?? false }] });
    },
  },
  readOnly,
  () => (camera.running ? { video: camera.video, mesh: camera.mesh, serial: camera.frameSerial } : null),
);
tableWrap.append(table.canvas);
app.append(tableWrap, panelHost);
window.__shagomer = { table, view: () => view, latenciesMs, cameraRectified: () => camera.mesh !== null };

async function toggleCamera(): Promise<void> {
  if (camera.running) {
    camera.stop();
    cameraStatus = '';
    header(view);
    table.draw();
    return;
  }
  try {
    await camera.start(await api.cameraFiles(), api.openCvUrl());
  } catch (e) {
    toast(`${t('cameraOff')}: ${e instanceof Error ? e.message : String(e)}`);
    return;
  }
  // Redraw with each camera frame while the camera runs.
  const loop = (): void => {
    if (!camera.running) return;
    table.draw();
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
}

function header(v: GameView | null): void {
  const link = v?.link;
  top.replaceChildren(
    ...[
    h('span', { class: 'brand' }, 'ШАГОМЕР'),
    h('span', {}, v?.title ? `${v.title} · ${v.rulesetName?.[currentLang()] ?? ''}` : t('noGame')),
    v?.phase === 'setup' ? h('span', { class: 'pill' }, t('setupPhase')) : null,
    h('span', { class: 'grow' }),
    readOnly ? h('span', { class: 'pill' }, t('spectator')) : null,
    h('span', { class: 'status', 'data-testid': 'link-status' }, `${t('link')}: ${link && link.status !== 'none' ? `${link.status} ${link.detail}` : '—'}`),
    camera.running && cameraStatus ? h('span', { class: 'status', 'data-testid': 'camera-status' }, `${t('camera')}: ${cameraStatus}`) : null,
    readOnly ? null : h('button', { 'data-testid': 'camera', onclick: () => void toggleCamera() }, t('camera')),
    !readOnly && v && v.phase !== 'empty' ? h('button', { 'data-testid': 'games', onclick: () => showGames() }, t('pastGames')) : null,
    h('button', { 'data-testid': 'lang', onclick: () => (setLang(currentLang() === 'ru' ? 'en' : 'ru'), render()) }, currentLang() === 'ru' ? 'EN' : 'RU'),
    ].filter((x): x is HTMLElement => x !== null),
  );
}

let showingGames = false;
function showGames(): void {
  showingGames = !showingGames;
  void api.games().then((g) => {
    games = g;
    render();
  });
}

function render(): void {
  header(view);
  if (!view) return;
  const setupScreen = !readOnly && (view.phase === 'empty' || showingGames);
  tableWrap.hidden = setupScreen;
  if (setupScreen) {
    panelHost.replaceChildren(newGameSection(catalog, games, view, api, send, () => void api.games().then((g) => ((games = g), render()))));
    panelHost.style.flex = '1';
    return;
  }
  panelHost.style.flex = '';
  if (view.phase === 'setup' && !readOnly) {
    panelHost.replaceChildren(h('aside', { class: 'panel', style: 'width:760px' }, armySection(catalog, view, send)));
  } else panelHost.replaceChildren(sidePanel(view, send));
  table.setView(view);
  // Time from a hub reading reaching the host to its effect being drawn (bench:app reads this).
  for (const r of view.shot?.readings ?? []) {
    const key = `${r.kind}:${r.node}:${r.hostMs}`;
    if (seenReadings.has(key)) continue;
    seenReadings.add(key);
    // Measured at the next frame, i.e. once the change has been painted.
    requestAnimationFrame(() => latenciesMs.push(Date.now() - r.hostMs));
  }
}

async function start(): Promise<void> {
  setLang(currentLang());
  try {
    [catalog, games] = await Promise.all([api.catalog(), api.games()]);
  } catch (e) {
    toast(`the app does not answer: ${e instanceof Error ? e.message : String(e)}`);
  }
  api.subscribe(
    (v) => {
      if (view && v.gameId !== view.gameId) showingGames = false;
      view = v;
      render();
    },
    (why) => toast(why),
  );
}

void start();
