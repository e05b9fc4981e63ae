import type { ShagomerBridge } from '../app/api/bridge.js';
import type { Intent } from '../app/api/intents.js';
import type { AccessInfo, Catalog, GameSummary, GameView } from '../app/api/view.js';
import { HttpClient, IpcClient, type ApiClient } from './api-client.js';
import { h } from './dom.js';
import { showPanel } from './dom-patch.js';
import { forgetTyped, keepFocusIn } from './typed-inputs.js';
import { count, currentLang, num, problem, setLang, t, term } from './i18n.js';
import { armySection, newGameSection } from './views/setup-view.js';
import { sidePanel } from './views/side-panel.js';
import { ordersPanel } from './views/orders-panel.js';
import { TableCanvas } from './views/table-canvas.js';
import { pickOnTable } from './views/action-panel.js';
import { terrainDraft } from './views/terrain-layer.js';
import { terrainSection } from './views/terrain-panel.js';
import { replayBar } from './views/replay-bar.js';
import { summarySection } from './views/summary-view.js';
import { CameraFeed, warmDetector, type CameraStats } from './camera/camera-feed.js';
import { DemoCamera } from './camera/demo-camera.js';
import { setupClient } from './setup-client.js';
import { Wizard } from './views/wizard-view.js';
import { linkWords } from './views/words.js';
import { ta } from './i18n-access.js';
import { pairForm, pairingDialog, spectatorsDialog } from './views/access-view.js';
import { spectatorPanel } from './views/spectator-panel.js';
import { taggedTerrain } from './camera/tagged-terrain.js';
import { terrainLibraryOf, type TerrainLibraryEntry } from '../app/api/terrain.js';
import { positionsFromFrame } from '../app/api/vision.js';

declare global {
  interface Window {
    shagomer?: ShagomerBridge;
    /** Measurements for tests and `npm run bench:app`. */
    __shagomer?: { table: TableCanvas; view: () => GameView | null; latenciesMs: number[]; cameraRectified: () => boolean; cameraStats?: () => CameraStats; demoCamera?: () => ReturnType<DemoCamera['status']> };
  }
}

/** `/spectate` never sends a referee token; whether any page may change the game is the server's call. */
const spectatePage = location.pathname.startsWith('/spectate');
const api: ApiClient = window.shagomer ? new IpcClient(window.shagomer) : new HttpClient(spectatePage);
let access: AccessInfo = { referee: false, lan: false, spectateUrls: [] };
/** Read-only until the server's first view says otherwise. */
const readOnly = (): boolean => view?.readOnly ?? true;
document.body.classList.toggle('spectate-page', spectatePage);

const top = document.getElementById('top') as HTMLElement;
const app = document.getElementById('app') as HTMLElement;
const tableWrap = h('div', { class: 'table-wrap' });
/** Where the app saw each model last by camera: only changes are sent (the journal stays small). */
const cameraSeen = new Map<string, { xMm: number; yMm: number }>();
/** Live feedback on the camera: what vision found in the last frame. */
let cameraStatus = '';
/** Tagged terrain pieces of the table profile: their outlines follow their tags. */
let terrainLibrary: TerrainLibraryEntry[] = [];
const camera = new CameraFeed({
  located: (tags, _mesh, quality, objects) => {
    const found = objects ? ` · ${t('objectsSeen')}: ${objects.length}, ${t('fallenSeen')}: ${objects.filter((o) => o.fallen).length}` : '';
    const status = `${count(tags.length, 'tag')} · ${num(quality.reprojectionPx, 2, 2)} ${t('px')} · ${num(quality.ms, 0)} ${t('ms')}${found}`;
    // Redrawn when what was found changes, not with each frame's time (the third part).
    const found_ = (x: string): string => x.split(' · ').filter((_, i) => i !== 2).join();
    if (found_(status) !== found_(cameraStatus)) {
      cameraStatus = status;
      header(view);
    }
    const v = view;
    if (!v || readOnly()) return;
    const moved = v.models.flatMap((m) => {
      const tag = m.tag === null ? undefined : tags.find((x) => x.id === m.tag);
      if (!tag) return [];
      const last = cameraSeen.get(m.id) ?? m.pos;
      if (last && Math.hypot(last.xMm - tag.x_mm, last.yMm - tag.y_mm) < 3) return [];
      cameraSeen.set(m.id, { xMm: tag.x_mm, yMm: tag.y_mm });
      return [{ id: m.id, xMm: tag.x_mm, yMm: tag.y_mm, fallen: false }];
    });
    // Falls the learned detector sees (issue 9): a model whose tag is gone, matched to a fallen
    // object near where it stood; sent once, so it joins the open shot window as a camera fall.
    if (objects) {
      const unseen = v.models.filter((m) => !m.destroyed && !m.seenFallen && !(m.tag !== null && tags.some((x) => x.id === m.tag)));
      const last = (id: string, pos: { xMm: number; yMm: number } | null) => cameraSeen.get(id) ?? pos;
      for (const p of positionsFromFrame(unseen.map((m) => ({ id: m.id, tag: m.tag, last: last(m.id, m.pos) })), { tags, objects })) {
        if (p.fallen) moved.push(p);
      }
    }
    if (moved.length > 0) send({ type: 'camera-positions', models: moved });
    const terrain = taggedTerrain(terrainLibrary, tags, v.terrain ?? []);
    if (terrain) send({ type: 'set-terrain', source: 'camera', pieces: terrain });
  },
  problem: (text) => {
    cameraStatus = problem(text);
    header(view);
    toast(`${t('camera')}: ${problem(text)}`, text);
  },
});
/** While the bundled demo plays, its recorded camera frames under the overlay. */
const demoCamera = new DemoCamera(
  () => api.openCvUrl(),
  () => table.draw(),
);
const panelHost = h('div', { style: 'display:flex' });
let view: GameView | null = null;
let catalog: Catalog = [];
let games: GameSummary[] = [];
let toastTimer: number | undefined;
const latenciesMs: number[] = [];
const seenReadings = new Set<string>();

function toast(text: string, detail = ''): void {
  document.querySelector('.toast')?.remove();
  const el = h('div', { class: 'toast', 'data-testid': 'toast', title: detail }, text);
  document.body.append(el);
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => el.remove(), 4000);
}

/** A move the rules refuse: said in words, with the referee's override (journalled as such). */
function offerOverride(models: { id: string; xMm: number; yMm: number; fallen: boolean }[], why: string): void {
  document.querySelector('.refusal')?.remove();
  const box = h(
    'div',
    { class: 'toast refusal', 'data-testid': 'move-refused' },
    h('span', {}, why),
    ' ',
    h('button', { 'data-testid': 'override', onclick: () => (box.remove(), send({ type: 'place-models', models, override: true })) }, t('override')),
    ' ',
    h('button', { onclick: () => box.remove() }, t('cancelMove')),
  );
  document.body.append(box);
  table.draw();
}

function send(intent: Intent): void {
  if (readOnly()) return;
  void api.send(intent).then((r) => {
    if (!r.ok) toast(r.reason ? r.reason[currentLang()] : problem(r.problem), r.problem);
  });
}

const table = new TableCanvas(
  {
    select: (shooterId, targetId) => send({ type: 'select', shooterId, targetId, weaponId: view?.selection.weaponId ?? null }),
    move: (modelId, xMm, yMm) => {
      const m = view?.models.find((x) => x.id === modelId);
      const models = [{ id: modelId, xMm, yMm, fallen: m?.seenFallen ?? false }];
      if (readOnly()) return;
      void api.send({ type: 'place-models', models }).then((r) => {
        // The app measured the move against the rules (terrain costs included) and refused it.
        if (!r.ok && view?.phase === 'play') offerOverride(models, problem(r.problem));
        else if (!r.ok) toast(problem(r.problem), r.problem);
      });
    },
    moveRefused: (modelId, xMm, yMm, why) => {
      const m = view?.models.find((x) => x.id === modelId);
      offerOverride([{ id: modelId, xMm, yMm, fallen: m?.seenFallen ?? false }], `${m?.name ?? modelId}: ${t(why === 'over' ? 'moveTooFar' : 'moveBlocked')}`);
    },
    pick: (xMm, yMm, modelId) => pickOnTable(view, send, xMm, yMm, modelId),
    terrainCorner: (xMm, yMm) => {
      terrainDraft.corners.push([xMm, yMm]);
      render();
    },
  },
  readOnly,
  () => (camera.running ? { video: camera.video, mesh: camera.mesh, serial: camera.frameSerial } : demoCamera.frame()),
);
tableWrap.append(table.canvas);
/** The set-up wizard, over the whole screen while open (referee only). */
const wizardHost = h('div', { style: 'display:flex;flex:1;min-width:0' });
let wizardOpen = false;
const wizard = new Wizard({
  setup: setupClient(window.shagomer),
  send,
  view: () => view,
  cameraFiles: () => api.cameraFiles(),
  openCvUrl: () => api.openCvUrl(),
  toast,
  close: () => {
    wizardOpen = false;
    render();
  },
});
wizardHost.append(wizard.el);
app.append(tableWrap, panelHost, wizardHost);
window.__shagomer = { table, view: () => view, latenciesMs, cameraRectified: () => camera.mesh !== null, cameraStats: () => camera.stats(), demoCamera: () => demoCamera.status() };
// The learned detector loads at page load when the app has camera files, so the camera finds miniatures at once.
if (!spectatePage) void api.cameraFiles().then((f) => f && warmDetector(api.openCvUrl()), () => undefined);

async function toggleCamera(): Promise<void> {
  if (camera.running) {
    camera.stop();
    cameraStatus = '';
    header(view);
    table.draw();
    return;
  }
  try {
    const files = await api.cameraFiles();
    const library = terrainLibraryOf(files?.profile);
    terrainLibrary = library.entries;
    if (library.problem) toast(t('terrainLibraryBad'), library.problem);
    await camera.start(files, api.openCvUrl());
  } catch (e) {
    toast(t('cameraOff'), e instanceof Error ? e.message : String(e));
    return;
  }
  // A frame on each animation frame while the camera runs (the overlay is redrawn only when it changes).
  const loop = (): void => {
    if (!camera.running) return;
    table.frame();
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
}

function header(v: GameView | null): void {
  const link = v?.link;
  top.replaceChildren(
    ...[
    h('span', { class: 'brand' }, 'ШАГОМЕР'),
    h('span', { class: 'game-title', title: v?.title ?? '' }, v?.title ? `${v.title} · ${v.rulesetName?.[currentLang()] ?? ''}` : t('noGame')),
    v?.phase === 'setup' ? h('span', { class: 'pill' }, t('setupPhase')) : null,
    h('span', { class: 'grow' }),
    readOnly() ? h('span', { class: 'pill' }, t('spectator')) : null,
    h('span', { class: 'status', 'data-testid': 'link-status', title: link ? linkWords(link) : '' }, `${t('link')}: ${term('link', link?.status ?? 'none')}`),
    camera.running && cameraStatus ? h('span', { class: 'status', 'data-testid': 'camera-status' }, `${t('camera')}: ${cameraStatus}`) : null,
    readOnly() ? null : h('button', { 'data-testid': 'wizard-open', onclick: () => toggleWizard() }, t('wizard')),
    readOnly() ? null : h('button', { 'data-testid': 'camera', onclick: () => void toggleCamera() }, t('camera')),
    !readOnly() && v && v.phase === 'play' && !v.replay ? h('button', { 'data-testid': 'replay-open', onclick: () => send({ type: 'replay', step: 0 }) }, t('replay')) : null,
    !readOnly() && v && v.phase !== 'empty' ? h('button', { 'data-testid': 'games', onclick: () => showGames() }, t('pastGames')) : null,
    !readOnly() && !window.shagomer ? h('button', { 'data-testid': 'pair-device', onclick: () => void showPairing() }, ta('pairDevice')) : null,
    !readOnly() && access.lan ? h('button', { 'data-testid': 'spectators', onclick: () => showDialog(spectatorsDialog(access.spectateUrls, closeDialog)) }, ta('spectatorsQr')) : null,
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

function toggleWizard(): void {
  wizardOpen = !wizardOpen;
  if (wizardOpen) {
    // One camera at a time: the wizard opens its own.
    if (camera.running) void toggleCamera();
    void wizard.open();
  } else wizard.stop();
  render();
}

let dialogEl: HTMLElement | null = null;
function closeDialog(): void {
  dialogEl?.remove();
  dialogEl = null;
}
function showDialog(el: HTMLElement): void {
  closeDialog();
  dialogEl = el;
  document.body.append(el);
}

async function showPairing(): Promise<void> {
  const code = await api.pairingCode();
  if (!code.ok) return toast(code.problem);
  showDialog(pairingDialog(code, access.lan, closeDialog));
}

async function pairThisDevice(code: string): Promise<boolean> {
  const r = await api.pair(code);
  if (!r.ok) {
    toast(r.problem);
    return false;
  }
  toast(ta('paired'));
  // The live stream and every screen start again as the referee's.
  location.replace('/');
  return true;
}

let pairBox: HTMLElement | null = null;

function render(): void {
  header(view);
  wizardHost.hidden = !wizardOpen;
  if (wizardOpen) {
    tableWrap.hidden = true;
    panelHost.hidden = true;
    wizard.update();
    return;
  }
  panelHost.hidden = false;
  if (!view) return;
  document.body.classList.toggle('watching', readOnly());
  if (readOnly()) {
    // Spectators (and a device not paired yet): the table, whose turn, the last shot, the score.
    tableWrap.hidden = false;
    panelHost.style.flex = '';
    const panel = spectatorPanel(view);
    if (!spectatePage) {
      // One form for the page's life: views arrive while the code is being typed.
      pairBox ??= pairForm((code) => void pairThisDevice(code), pendingCode);
      keepFocusIn(pairBox);
      panel.prepend(pairBox);
    }
    panelHost.replaceChildren(panel);
    tableWrap.style.setProperty('--table-ratio', String(view.table.depthMm / view.table.widthMm));
    table.setView(view);
    return;
  }
  const setupScreen = view.phase === 'empty' || showingGames;
  tableWrap.hidden = setupScreen;
  if (setupScreen) {
    const fromList = (i: Intent): void => {
      // Opening a game (even the open one) leaves the list.
      if (i.type === 'open-game') showingGames = false;
      send(i);
    };
    panelHost.replaceChildren(newGameSection(catalog, games, view, api, fromList, () => void api.games().then((g) => ((games = g), render()))));
    panelHost.style.flex = '1';
    return;
  }
  panelHost.style.flex = '';
  if (view.phase === 'setup' && !readOnly() && !view.replay) {
    panelHost.replaceChildren(h('aside', { class: 'panel', style: 'width:760px' }, armySection(catalog, view, send), terrainSection(view, send, render)));
  } else {
    const panel = sidePanel(view, send);
    // Order-card systems: the orders screen under the turn, while the orders phase is open.
    const orders = view.replay ? null : ordersPanel(view, send, render);
    if (orders) panel.insertBefore(orders, panel.children[1] ?? null);
    const replay = replayBar(view, send);
    const summary = summarySection(view, send);
    if (replay) panel.prepend(replay);
    if (summary && view.ended) panel.prepend(summary);
    else if (summary) panel.append(summary);
    const terrain = view.replay ? null : terrainSection(view, send, render);
    if (terrain) panel.append(terrain);
    // Sections that did not change stay on screen (no style, layout and paint of every row per view).
    showPanel(panelHost, panel);
  }
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

/** `/pair#code=123456`: the address in the referee's QR code; the code fills the form and is tried once. */
const pendingCode = /^\/pair\/?$/.test(location.pathname) ? (/^#code=(\d{6})$/.exec(location.hash)?.[1] ?? '') : '';

async function start(): Promise<void> {
  setLang(currentLang());
  if (pendingCode) {
    history.replaceState(null, '', location.pathname);
    if (await pairThisDevice(pendingCode)) return;
  }
  try {
    access = await api.access();
    [catalog, games] = await Promise.all([api.catalog(), access.referee ? api.games() : Promise.resolve([])]);
  } catch (e) {
    toast(t('appNoAnswer'), e instanceof Error ? e.message : String(e));
  }
  api.subscribe(
    (v) => {
      if ((view && v.gameId !== view.gameId) || (v.replay && !view?.replay)) showingGames = false;
      if (view && v.gameId !== view.gameId) forgetTyped();
      view = v;
      demoCamera.follow(v.link.status === 'demo' && !camera.running, camera.running ? null : v.gameId);
      render();
    },
    (why) => toast(problem(why), why),
  );
}

void start();
