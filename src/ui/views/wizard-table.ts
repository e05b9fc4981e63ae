import type { SetupStatus, TableCheck } from '../../app/api/setup.js';
import type { GameView, ModelView } from '../../app/api/view.js';
import { CameraFeed } from '../camera/camera-feed.js';
import { h, option } from '../dom.js';
import { currentLang, t, term } from '../i18n.js';
import { linkWords } from './words.js';
import type { WizardDeps } from './wizard-deps.js';

/** The ruler check's distance: two tags laid 50 cm apart. */
const RULER_MM = 500;
/** How long a tag the camera stopped seeing stays on the bind map (a hand passing over it). */
const TAG_LINGER_MS = 1500;

/** Sets a text only when it changed (no layout for the same words). */
function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

interface Located {
  tags: { id: number; x_mm: number; y_mm: number }[];
  reprojectionPx: number;
  anchorsFound: number[];
  cameraHeightMm: number | null;
}

/**
 * The table and bind steps, sharing one camera in locate mode (the saved table profile and
 * camera file): anchors found, reprojection error, the camera's height, the ruler check; then
 * tags seen on a map of the table, clicked and bound to a model, and sensor nodes heard offered
 * for binding. Bindings are `bind` intents, so the game journal records every one.
 */
export class TableSteps {
  private feed: CameraFeed | null = null;
  private last: Located | null = null;
  private ruler: [number | null, number | null] = [null, null];
  private picked: number | null = null;
  /** The model chosen in each select, kept across redraws (frames redraw the step often). */
  private readonly chosen = new Map<string, string>();
  private anchorsExpected: number[] = [];
  private readonly live = h('div', { class: 'wz-stats', 'data-testid': 'wz-table-live' });
  private readonly bindHost = h('div', {});
  private saved = false;
  private starting = false;
  /** What the live panel and the bind step last showed: redraw only when it changes. */
  private liveKey = '';
  private bindKey = '';
  private ports: { path: string; label: string }[] | null = null;
  /** The live numbers, set in place each frame. */
  private readonly liveText = {
    reprojection: h('b', { 'data-testid': 'wz-reprojection' }, '—'),
    height: h('b', { 'data-testid': 'wz-height' }, '—'),
    ruler: h('div', { 'data-testid': 'wz-ruler' }, ''),
  };
  /** The bind step's table map and its tag buttons, kept across frames and moved in place. */
  private readonly map = h('div', { class: 'wz-map', 'data-testid': 'wz-map' });
  private readonly mapEmpty = h('span', { class: 'muted wz-map-empty' }, '');
  private readonly tagButtons = new Map<number, { button: HTMLButtonElement; seenMs: number }>();
  private readonly saveButton = h('button', { class: 'primary', 'data-testid': 'wz-save-table', onclick: () => void this.saveCheck() }, '');
  private readonly figures = h('div', {});
  private readonly portPath = h('input', { class: 'wz-port-path', placeholder: '/dev/ttyUSB0, /tmp/ttyV0…', 'data-testid': 'wz-port-path' });

  constructor(
    private readonly deps: WizardDeps,
    private readonly changed: () => Promise<void>,
  ) {}

  get active(): boolean {
    return this.feed !== null || this.saved;
  }

  stop(): void {
    this.feed?.stop();
    this.feed = null;
  }

  private async start(): Promise<void> {
    if (this.feed || this.starting) return;
    this.starting = true;
    try {
      const files = await this.deps.cameraFiles();
      if (!files) return this.deps.toast(t('wzNeedFiles'));
      const p = files.profile as { anchors?: { markers?: { id?: unknown }[] } };
      this.anchorsExpected = (p.anchors?.markers ?? []).flatMap((m) => (typeof m.id === 'number' ? [m.id] : []));
      const feed = new CameraFeed({
        located: (tags, _mesh, q) => {
          this.last = { tags, reprojectionPx: q.reprojectionPx, anchorsFound: q.anchorsFound ?? [], cameraHeightMm: q.cameraHeightMm ?? null };
          this.drawLive();
          this.updateBind();
        },
        problem: (text) => {
          // Too few anchors in this frame: say which, keep the last good measurement.
          this.live.dataset.problem = text;
          this.drawLive();
        },
      });
      // Anchors and tags are all this step reads: no learned detector running beside them.
      await feed.start(files, this.deps.openCvUrl(), { objects: false });
      this.feed = feed;
      this.starting = false;
      await this.changed();
    } catch (e) {
      this.deps.toast(`${t('cameraOff')}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.starting = false;
    }
  }

  private rulerPair(): [number, number] | null {
    const ids = (this.last?.tags ?? []).map((x) => x.id);
    const a = this.ruler[0] ?? ids[0];
    const b = this.ruler[1] ?? ids.find((id) => id !== a);
    return a !== undefined && b !== undefined && a !== b ? [a, b] : null;
  }

  private measured(): TableCheck['ruler'] {
    const pair = this.rulerPair();
    const tags = this.last?.tags ?? [];
    const ta = pair && tags.find((x) => x.id === pair[0]);
    const tb = pair && tags.find((x) => x.id === pair[1]);
    if (!pair || !ta || !tb) return null;
    return { tagA: pair[0], tagB: pair[1], expectedMm: RULER_MM, measuredMm: Math.hypot(ta.x_mm - tb.x_mm, ta.y_mm - tb.y_mm) };
  }

  private async saveCheck(): Promise<void> {
    const l = this.last;
    if (!l || l.cameraHeightMm === null) return;
    const r = await this.deps.setup.request({ type: 'save-table-check', check: { anchorsFound: l.anchorsFound, reprojectionPx: l.reprojectionPx, cameraHeightMm: l.cameraHeightMm, ruler: this.measured() } });
    if (!r.ok) return this.deps.toast(r.problem);
    this.saved = true;
    await this.changed();
  }

  renderTable(status: SetupStatus | null): HTMLElement {
    if (!status?.print || !status.camera) return h('p', { class: 'warn' }, t('wzNeedFiles'));
    void this.start();
    const video = this.feed?.video ?? null;
    if (video) video.className = 'wz-video';
    this.drawLive();
    const check = status.tableCheck;
    return h(
      'div',
      {},
      check ? h('p', { class: 'muted', 'data-testid': 'wz-table-file' }, `${t('wzTableSaved')}: ${check.reprojectionPx.toFixed(2)} px · ${(check.cameraHeightMm / 10).toFixed(1)} ${t('unitCm')}${check.ruler ? ` · ${t('wzRulerShort')} ${(check.ruler.measuredMm / 10).toFixed(1)} ${t('unitCm')}` : ''}`) : null,
      h('div', { class: 'wz-split' }, video ? h('div', { class: 'wz-preview' }, video) : h('div', { class: 'wz-preview empty muted' }, t('wzStarting')), this.live),
    );
  }

  /**
   * The live figures: every frame changes the numbers, so those are texts set in place; the
   * ruler's selects are built again only when the tags seen or the pair change, so a list a
   * player has open is not closed under the mouse by the next frame.
   */
  private drawLive(): void {
    const l = this.last;
    const ids = (l?.tags ?? []).map((x) => x.id);
    const pair = this.rulerPair();
    const problem = this.live.dataset.problem;
    const key = JSON.stringify([currentLang(), ids, pair, l?.anchorsFound, this.anchorsExpected, problem && !l ? problem : null]);
    if (key !== this.liveKey) {
      this.liveKey = key;
      const pick = (k: 0 | 1): HTMLSelectElement => {
        const sel = h(
          'select',
          { 'data-testid': `wz-ruler-${k === 0 ? 'a' : 'b'}`, onchange: () => ((this.ruler[k] = Number(sel.value)), this.drawLive()) },
          ...ids.map((id) => option(String(id), `${t('wzTagFor')} ${id}`, pair?.[k] === id)),
        );
        return sel;
      };
      this.saveButton.textContent = t('wzSaveTable');
      if (!this.live.contains(this.saveButton)) this.live.replaceChildren(this.figures, h('div', { class: 'row' }, this.saveButton));
      this.figures.replaceChildren(
        ...([
        h('div', { class: 'muted' }, t('wzTableIntro')),
        h(
          'div',
          { 'data-testid': 'wz-anchors' },
          `${t('wzAnchors')}: `,
          ...this.anchorsExpected.map((id) => h('span', { class: `pill ${l?.anchorsFound.includes(id) ? 'ok' : 'bad'}` }, `${id} ${l?.anchorsFound.includes(id) ? '✓' : '✗'}`)),
        ),
        h('div', {}, `${t('wzReprojection')}: `, this.liveText.reprojection),
        h('div', {}, `${t('wzHeight')}: `, this.liveText.height),
        h('div', {}, `${t('wzTagsInView')}: ${ids.length > 0 ? ids.join(', ') : '—'}`),
        h('h3', {}, t('wzRuler')),
        h('div', { class: 'row' }, pick(0), '↔', pick(1)),
        this.liveText.ruler,
        problem && !l ? h('div', { class: 'warn' }, problem) : null,
        ] as (HTMLElement | null)[]).filter((x): x is HTMLElement => x !== null),
      );
    }
    const m = this.measured();
    const off = m ? m.measuredMm - m.expectedMm : null;
    this.saveButton.disabled = !l || l.cameraHeightMm === null;
    setText(this.liveText.reprojection, l ? `${l.reprojectionPx.toFixed(2)} px` : '—');
    setText(this.liveText.height, l?.cameraHeightMm != null ? `${(l.cameraHeightMm / 10).toFixed(1)} ${t('unitCm')}` : '—');
    setText(
      this.liveText.ruler,
      m && off !== null ? `${t('wzMeasuredDist')} ${(m.measuredMm / 10).toFixed(1)} ${t('unitCm')} (${m.measuredMm.toFixed(1)} ${t('unitMm')}), ${t('wzOff')} ${off >= 0 ? '+' : '−'}${Math.abs(off).toFixed(1)} ${t('unitMm')}` : t('wzRulerWaiting'),
    );
  }

  renderBind(): HTMLElement {
    const v = this.deps.view();
    if (!v || v.phase !== 'setup') return h('p', { class: 'warn', 'data-testid': 'wz-need-game' }, t('wzNeedGame'));
    void this.start();
    if (this.ports === null) {
      this.ports = [];
      void this.deps.setup.request({ type: 'serial-ports' }).then((r) => {
        if (r.ok && r.ports) this.ports = r.ports;
        this.updateBind();
      });
    }
    queueMicrotask(() => this.updateBind());
    return this.bindHost;
  }

  /**
   * Redraws the bind step. Camera frames only move the tags on the map, in place; the panels
   * beside it are built again only when what they show changes (models and their bindings, the
   * hub, what it heard, the pick), so a frame never swaps a button or a list out from under a
   * click.
   */
  updateBind(): void {
    const v = this.deps.view();
    if (!v || v.phase !== 'setup' || !this.bindHost.isConnected) return;
    this.drawMap(v);
    // What the panels show, not the revision: the camera moving a bound model bumps that.
    const key = JSON.stringify([currentLang(), v.link, this.ports, this.picked, v.realShots, v.heard, v.models.map((m) => [m.id, m.name, m.tag, m.hitNode, m.tiltNode, m.launcherNode])]);
    if (key === this.bindKey && this.bindHost.contains(this.map)) return;
    this.bindKey = key;
    // The hub and its sensor nodes only where the system scores launcher shots; tags everywhere.
    const sensors = v.realShots;
    this.bindHost.replaceChildren(h('div', { class: 'wz-split' }, this.map, h('div', { class: 'wz-stats' }, sensors ? this.hubPanel(v) : null, this.tagPanel(v), sensors ? this.sensorPanel(v) : null, this.bindingsTable(v))));
  }

  /** Tags seen on the table map; one unseen for a moment (a hand over it) stays, dimmed. */
  private drawMap(v: GameView): void {
    const now = performance.now();
    this.map.style.aspectRatio = `${v.table.widthMm}/${v.table.depthMm}`;
    const seen = new Map((this.last?.tags ?? []).map((x) => [x.id, x]));
    for (const tag of seen.values()) {
      let entry = this.tagButtons.get(tag.id);
      if (!entry) {
        const id = tag.id;
        const button = h('button', {
          'data-testid': `wz-tag-${id}`,
          onclick: () => {
            this.picked = id;
            this.updateBind();
          },
        });
        entry = { button, seenMs: now };
        this.tagButtons.set(id, entry);
        this.map.append(button);
      }
      entry.seenMs = now;
      entry.button.style.left = `${(100 * tag.x_mm) / v.table.widthMm}%`;
      entry.button.style.top = `${(100 * tag.y_mm) / v.table.depthMm}%`;
    }
    for (const [id, entry] of this.tagButtons) {
      if (now - entry.seenMs > TAG_LINGER_MS) {
        entry.button.remove();
        this.tagButtons.delete(id);
        continue;
      }
      const bound = v.models.find((m) => m.tag === id);
      const cls = `wz-tag${bound ? ' bound' : ''}${this.picked === id ? ' picked' : ''}${seen.has(id) ? '' : ' stale'}`;
      if (entry.button.className !== cls) entry.button.className = cls;
      setText(entry.button, bound ? `${id} · ${bound.name}` : String(id));
    }
    setText(this.mapEmpty, t('wzNoTags'));
    if (this.tagButtons.size === 0) {
      if (!this.map.contains(this.mapEmpty)) this.map.append(this.mapEmpty);
    } else this.mapEmpty.remove();
  }

  private bind(m: ModelView, change: Partial<Pick<ModelView, 'tag' | 'hitNode' | 'tiltNode' | 'launcherNode'>>): void {
    this.deps.send({ type: 'bind', modelId: m.id, tag: m.tag, hitNode: m.hitNode, tiltNode: m.tiltNode, launcherNode: m.launcherNode, ...change });
  }

  private modelSelect(v: GameView, testid: string, fallback: string | undefined): HTMLSelectElement {
    const sel = h('select', { 'data-testid': testid, onchange: () => this.chosen.set(testid, sel.value) }, option('', t('wzChooseModel')), ...v.models.map((m) => option(m.id, `${m.id} ${m.name}`)));
    sel.value = this.chosen.get(testid) ?? fallback ?? '';
    return sel;
  }

  private tagPanel(v: GameView): HTMLElement {
    const tag = this.picked;
    if (tag === null) return h('p', { class: 'muted' }, t('wzTagsSeenClick'));
    const sel = this.modelSelect(v, `wz-tag-model-${tag}`, v.models.find((m) => m.tag === tag)?.id);
    return h(
      'div',
      { class: 'row' },
      h('b', {}, `${t('wzTagFor')} ${tag}`),
      '→',
      sel,
      h(
        'button',
        {
          class: 'primary',
          'data-testid': 'wz-bind-tag',
          onclick: () => {
            const m = v.models.find((x) => x.id === sel.value);
            if (m) this.bind(m, { tag });
          },
        },
        t('bind'),
      ),
    );
  }

  private sensorPanel(v: GameView): HTMLElement {
    const field = { SHOT: 'launcherNode', HIT: 'hitNode', TILT: 'tiltNode' } as const;
    const rows = [...v.heard].reverse().map((heard) => {
      const key = field[heard.kind];
      const current = v.models.find((m) => m[key] === heard.node);
      const sel = this.modelSelect(v, `wz-node-model-${heard.node}`, current?.id);
      return h(
        'div',
        { class: 'row', 'data-testid': `wz-heard-${heard.node}` },
        h('b', {}, heard.node),
        // The node's role says what was heard: a launcher shoots, a hit sensor is hit, a tilt sensor tilts.
        h('span', { class: 'muted' }, t(key)),
        sel,
        h(
          'button',
          {
            'data-testid': `wz-bind-node-${heard.node}`,
            onclick: () => {
              const m = v.models.find((x) => x.id === sel.value);
              if (m) this.bind(m, { [key]: heard.node });
            },
          },
          current ? `✓ ${t('bind')}` : t('bind'),
        ),
      );
    });
    return h('div', {}, h('h3', {}, t('wzHeard')), ...(rows.length > 0 ? rows : [h('p', { class: 'muted' }, t('wzNothingHeard'))]));
  }

  /** The hub's port: a device the machine lists, or a path typed in (ptys are not listed). */
  private hubPanel(v: GameView): HTMLElement {
    const list = h(
      'select',
      { 'data-testid': 'wz-ports', onchange: () => (this.portPath.value = list.value) },
      option('', this.ports && this.ports.length > 0 ? t('wzPortChoose') : t('wzPortNone')),
      ...(this.ports ?? []).map((p) => option(p.path, `${p.path} · ${p.label}`, p.path === this.portPath.value)),
    );
    const connect = h(
      'button',
      {
        'data-testid': 'wz-connect',
        onclick: async () => {
          const path = this.portPath.value.trim();
          if (path === '') return;
          const r = await this.deps.setup.request({ type: 'connect-serial', path });
          if (!r.ok) this.deps.toast(r.problem);
        },
      },
      t('wzConnect'),
    );
    return h(
      'div',
      {},
      h('h3', {}, t('wzHub')),
      h('div', { class: 'row' }, list, this.portPath, connect),
      h('div', { class: 'muted', 'data-testid': 'wz-link' }, `${t('link')}: ${v.link.status === 'none' ? '—' : `${term('link', v.link.status)} · ${linkWords(v.link)}`}`),
    );
  }

  private bindingsTable(v: GameView): HTMLElement {
    return h(
      'table',
      { 'data-testid': 'wz-bindings' },
      h('tr', {}, ...['', t('name'), t('tag'), ...(v.realShots ? [t('hitNode'), t('tiltNode'), t('launcherNode')] : [])].map((x) => h('th', {}, x))),
      ...v.models.map((m) =>
        h('tr', {}, h('td', {}, m.id), h('td', {}, m.name), h('td', {}, m.tag === null ? '—' : String(m.tag)), v.realShots ? [h('td', {}, m.hitNode ?? '—'), h('td', {}, m.tiltNode ?? '—'), h('td', {}, m.launcherNode ?? '—')] : null),
      ),
    );
  }
}
