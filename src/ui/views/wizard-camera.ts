import { COVERAGE_COLS, COVERAGE_ROWS } from '../../app/api/camera-worker-messages.js';
import type { SetupStatus } from '../../app/api/setup.js';
import { CameraFeed, type CharucoSeen } from '../camera/camera-feed.js';
import { h, option } from '../dom.js';
import { t } from '../i18n.js';
import type { WizardDeps } from './wizard-deps.js';
import { refusalText, viewName } from './refusal-text.js';

/** The board `shagomer markers` prints (src/vision/charuco.ts DEFAULT_CHARUCO). */
const BOARD = 'charuco:7x5:30:22:DICT_4X4_50';
/** Above this the lens model does not fit the views (as `shagomer calibrate-camera`). */
const MAX_RMS_PX = 1;
const MIN_VIEWS = 5;

/**
 * The camera step: choose the device and resolution, then the live calibration in the vision
 * worker. Over the preview: the board corners found now and a coverage map (red: no view has
 * corners there yet). Beside it: views kept, the RMS after each one, why a frame was refused,
 * which views the fit left out; then the camera file is saved through the app.
 */
export class CameraStep {
  private feed: CameraFeed | null = null;
  private seen: CharucoSeen | null = null;
  private rmsHistory: number[] = [];
  private devices: MediaDeviceInfo[] = [];
  private deviceId = '';
  private resolution: '1080p' | '4k' = '1080p';
  private readonly overlay = h('canvas', { class: 'wz-overlay', 'data-testid': 'wz-coverage' });
  private readonly stats = h('div', { class: 'wz-stats', 'data-testid': 'wz-camera-stats' });
  private saved = false;
  /** Kept across redraws (a frame's answer redraws the figures several times a second). */
  private readonly captureButton = h('button', { 'data-testid': 'wz-capture', onclick: () => this.feed?.capture() }, '');
  private readonly saveButton = h('button', { class: 'primary', 'data-testid': 'wz-save-camera', onclick: () => void this.save() }, '');
  private readonly figures = h('div', { class: 'wz-figures' });

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
    this.stop();
    this.seen = null;
    this.rmsHistory = [];
    const feed = new CameraFeed({
      located: () => undefined,
      problem: (text) => this.deps.toast(`${t('camera')}: ${text}`),
      charuco: (seen) => {
        this.seen = seen;
        if (seen.kept && seen.rmsPx !== null) this.rmsHistory.push(seen.rmsPx);
        this.draw();
      },
    });
    try {
      await feed.start(null, this.deps.openCvUrl(), { resolution: this.resolution, charucoBoard: BOARD, ...(this.deviceId ? { deviceId: this.deviceId } : {}) });
    } catch (e) {
      this.deps.toast(`${t('cameraOff')}: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    this.feed = feed;
    // Labels come only once the page may use the camera: list the devices again now.
    this.devices = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
    await this.changed();
  }

  private camera(): { file: unknown; viewsUsed: number } | null {
    const c = this.seen?.camera;
    if (typeof c !== 'object' || c === null || !('file' in c) || !('viewsUsed' in c) || typeof c.viewsUsed !== 'number') return null;
    return { file: c.file, viewsUsed: c.viewsUsed };
  }

  private async save(): Promise<void> {
    const c = this.camera();
    const rms = this.seen?.rmsPx ?? null;
    if (!c || rms === null) return;
    const r = await this.deps.setup.request({ type: 'save-camera', camera: c.file, rmsPx: rms, viewsUsed: c.viewsUsed });
    if (!r.ok) return this.deps.toast(r.problem);
    this.saved = true;
    this.deps.toast(t('wzCameraSaved'));
    this.stop();
    await this.changed();
  }

  render(status: SetupStatus | null): HTMLElement {
    if (this.devices.length === 0) {
      void navigator.mediaDevices?.enumerateDevices().then((list) => {
        const cams = list.filter((d) => d.kind === 'videoinput');
        if (cams.length > 0 && this.devices.length === 0) {
          this.devices = cams;
          void this.changed();
        }
      });
    }
    const device = h(
      'select',
      { 'data-testid': 'wz-device', onchange: () => (this.deviceId = device.value) },
      option('', t('wzDefaultDevice'), this.deviceId === ''),
      ...this.devices.map((d, i) => option(d.deviceId, d.label || `${t('camera')} ${i + 1}`, d.deviceId === this.deviceId)),
    );
    const resolution = h(
      'select',
      { 'data-testid': 'wz-resolution', onchange: () => (this.resolution = resolution.value === '4k' ? '4k' : '1080p') },
      option('1080p', '1080p (1920 × 1080)', this.resolution === '1080p'),
      option('4k', '4K (3840 × 2160)', this.resolution === '4k'),
    );
    const video = this.feed?.video ?? null;
    const preview = video ? h('div', { class: 'wz-preview' }, video, this.overlay) : h('div', { class: 'wz-preview empty muted' }, t('wzCameraIntro'));
    if (video) video.className = 'wz-video';
    this.draw();
    return h(
      'div',
      {},
      h('div', { class: 'row' }, h('label', {}, t('wzDevice')), device, h('label', {}, t('wzResolution')), resolution, h('button', { 'data-testid': 'wz-start-camera', onclick: () => void this.start() }, this.feed ? t('wzRestartCamera') : t('wzStartCamera'))),
      status?.camera ? h('p', { class: 'muted', 'data-testid': 'wz-camera-file' }, `${t('wzCameraSaved')}: ${status.folder}/camera.json${status.cameraRmsPx !== null ? ` · RMS ${status.cameraRmsPx.toFixed(3)} px` : ''}`) : null,
      h('div', { class: 'wz-split' }, preview, this.stats),
    );
  }

  private draw(): void {
    const s = this.seen;
    const rms = s?.rmsPx ?? null;
    const missing = s ? s.coverage.filter((c) => c === 0).length : COVERAGE_COLS * COVERAGE_ROWS;
    const canSave = rms !== null && rms <= MAX_RMS_PX && (s?.views ?? 0) >= MIN_VIEWS && this.camera() !== null;
    this.saveButton.textContent = t('wzSaveCamera');
    this.saveButton.disabled = !canSave;
    this.captureButton.textContent = t('wzCapture');
    this.captureButton.disabled = !this.feed;
    if (!this.stats.contains(this.saveButton)) this.stats.replaceChildren(this.figures, h('div', { class: 'row' }, this.captureButton, this.saveButton));
    this.figures.replaceChildren(
      ...([
      h('div', { class: 'muted' }, t('wzCameraIntro')),
      h('div', {}, `${t('wzViews')}: `, h('b', { 'data-testid': 'wz-views' }, String(s?.views ?? 0)), ` · ${t('wzMissing')}: `, h('b', { 'data-testid': 'wz-missing' }, `${missing} / ${COVERAGE_COLS * COVERAGE_ROWS}`)),
      h('div', {}, `${t('wzRms')}: `, h('b', { 'data-testid': 'wz-rms', class: rms !== null && rms <= MAX_RMS_PX ? 'ok' : '' }, rms === null ? '—' : `${rms.toFixed(3)} px`)),
      this.rmsHistory.length > 0 ? h('div', { class: 'muted wz-history', 'data-testid': 'wz-rms-history' }, this.rmsHistory.map((r, i) => `${i + MIN_VIEWS}: ${r.toFixed(3)}`).join(' · ')) : null,
      s && !s.kept && s.refused ? h('div', { class: 'warn', 'data-testid': 'wz-refused' }, `${t('wzRefused')}: ${refusalText(s.refused)}`) : s?.kept ? h('div', { class: 'pill ok' }, t('wzKept')) : null,
      s && s.rejected.length > 0 ? h('div', { class: 'warn', 'data-testid': 'wz-rejected' }, `${t('wzRejected')}: ${s.rejected.map((r) => `${viewName(r.name)} (${refusalText(r.reason)})`).join('; ')}`) : null,
      canSave ? null : h('div', { class: 'muted' }, t('wzNeedRms')),
      ] as (HTMLElement | null)[]).filter((x): x is HTMLElement => x !== null),
    );
    const c = this.overlay;
    if (!s) return;
    const [w, hgt] = s.imageSize;
    if (c.width !== w || c.height !== hgt) {
      c.width = w;
      c.height = hgt;
    }
    const ctx = c.getContext('2d');
    if (!ctx) return;
    // The picture the answer is about, so the corners sit on the board (the live video has
    // moved on by the time the worker answers).
    const still = this.feed?.analysedFrame;
    if (still && still.width === w && still.height === hgt) ctx.drawImage(still, 0, 0);
    else ctx.clearRect(0, 0, w, hgt);
    const cw = w / COVERAGE_COLS;
    const ch = hgt / COVERAGE_ROWS;
    s.coverage.forEach((n, i) => {
      const x = (i % COVERAGE_COLS) * cw;
      const y = Math.floor(i / COVERAGE_COLS) * ch;
      ctx.fillStyle = n === 0 ? 'rgba(229,72,77,0.28)' : n === 1 ? 'rgba(245,185,66,0.22)' : 'rgba(63,191,111,0.18)';
      ctx.fillRect(x, y, cw, ch);
      ctx.strokeStyle = 'rgba(255,255,255,0.35)';
      ctx.lineWidth = 2;
      ctx.strokeRect(x, y, cw, ch);
      ctx.fillStyle = '#fff';
      ctx.font = `${Math.round(ch / 6)}px sans-serif`;
      ctx.fillText(String(n), x + 10, y + ch / 5);
    });
    ctx.fillStyle = s.kept ? '#3fbf6f' : '#f5b942';
    for (const [x, y] of s.corners) {
      ctx.beginPath();
      ctx.arc(x, y, Math.max(4, w / 300), 0, 2 * Math.PI);
      ctx.fill();
    }
  }
}
