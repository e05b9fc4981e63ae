import type { Paper, SetupStatus } from '../../app/api/setup.js';
import { h, option } from '../dom.js';
import { currentLang, t } from '../i18n.js';
import { CameraStep } from './wizard-camera.js';
import { TableSteps } from './wizard-table.js';
import { wizardSaves } from './wizard-saves.js';
import type { WizardDeps } from './wizard-deps.js';

export type WizardStep = 'print' | 'camera' | 'table' | 'bind';
const STEPS: WizardStep[] = ['print', 'camera', 'table', 'bind'];
const LABEL = { print: 'wzPrint', camera: 'wzCamera', table: 'wzTable', bind: 'wzBind' } as const;


/**
 * The set-up wizard: print the sheets, calibrate the camera live, check the table, bind tags
 * and sensors. One step at a time under a progress bar; a step whose file exists already is
 * marked done and may be skipped. Everything goes through the app API (setup requests and
 * intents), so the browser and the Electron window run the same wizard.
 */
export class Wizard {
  readonly el = h('div', { class: 'setup wizard', 'data-testid': 'wizard' });
  private step: WizardStep = 'print';
  private status: SetupStatus | null = null;
  private paper: Paper = 'a4';
  private printed = false;
  private bindDone = false;
  private readonly camera: CameraStep;
  private readonly table: TableSteps;

  constructor(private readonly deps: WizardDeps) {
    this.camera = new CameraStep(deps, () => this.refresh());
    this.table = new TableSteps(deps, () => this.refresh());
  }

  /** Fetches which files exist and opens at the first step not done yet. */
  async open(): Promise<void> {
    await this.refresh();
    const s = this.status;
    if (s) this.step = !s.print ? 'print' : !s.camera ? 'camera' : !s.table ? 'table' : 'bind';
    this.render();
  }

  async refresh(): Promise<void> {
    const r = await this.deps.setup.request({ type: 'status' });
    if (r.ok) this.status = r.status;
    else this.deps.toast(r.problem);
    this.render();
  }

  /** A new game view: the bind step redraws with its models and the sensors heard. */
  update(): void {
    if (this.step !== 'bind') return;
    // The progress bar marks the step done once every model has its tag.
    if (this.done('bind') !== this.bindDone) this.render();
    else this.table.updateBind();
  }

  private done(step: WizardStep): boolean {
    const s = this.status;
    if (!s) return false;
    if (step === 'bind') {
      const v = this.deps.view();
      return v !== null && v.models.length > 0 && v.models.every((m) => m.tag !== null);
    }
    return s[step];
  }

  private go(step: WizardStep): void {
    if (step !== 'camera') this.camera.stop();
    if (step !== 'table' && step !== 'bind') this.table.stop();
    this.step = step;
    this.render();
  }

  stop(): void {
    this.camera.stop();
    this.table.stop();
  }

  render(): void {
    const i = STEPS.indexOf(this.step);
    this.bindDone = this.done('bind');
    const progress = h(
      'ol',
      { class: 'wz-progress', 'data-testid': 'wizard-progress' },
      ...STEPS.map((s, k) =>
        h(
          'li',
          { class: `${s === this.step ? 'current' : ''} ${this.done(s) ? 'done' : ''}`, 'data-testid': `wz-step-${s}`, onclick: () => this.go(s) },
          h('span', { class: 'wz-num' }, this.done(s) ? '✓' : String(k + 1)),
          t(LABEL[s]),
        ),
      ),
    );
    const body =
      this.step === 'print' ? this.printStep() : this.step === 'camera' ? this.camera.render(this.status) : this.step === 'table' ? this.table.renderTable(this.status) : this.table.renderBind();
    const prev = STEPS[i - 1];
    const next = STEPS[i + 1];
    const nav = h(
      'div',
      { class: 'row wz-nav' },
      h('button', { 'data-testid': 'wz-back', disabled: prev === undefined, onclick: () => prev && this.go(prev) }, t('wzBack')),
      h('span', { class: 'grow' }),
      next && this.done(this.step) ? h('span', { class: 'pill ok' }, t('wzFileExists')) : null,
      next
        ? h('button', { class: 'primary', 'data-testid': 'wz-next', disabled: !this.done(this.step), onclick: () => this.go(next) }, this.status?.[this.step as 'print'] && this.stepUntouched() ? t('wzSkip') : t('wzNext'))
        : h('button', { class: 'primary', 'data-testid': 'wz-finish', onclick: () => (this.stop(), this.deps.close()) }, t('wzDone')),
    );
    this.el.replaceChildren(
      h('section', { class: 'wz-head' }, h('div', { class: 'row' }, h('h2', {}, t('wzTitle')), h('span', { class: 'grow' }), h('button', { 'data-testid': 'wz-close', onclick: () => (this.stop(), this.deps.close()) }, t('wzClose'))), progress),
      h('section', { class: 'wz-body', 'data-testid': `wz-body-${this.step}` }, body, wizardSaves(this.deps, this.status, this.paper)),
      nav,
    );
  }

  /** The step's file was there before the step was worked on: going on is skipping it. */
  private stepUntouched(): boolean {
    return this.step === 'camera' ? !this.camera.active : this.step === 'table' ? !this.table.active : !this.printed;
  }

  private printStep(): HTMLElement {
    const s = this.status;
    const game = this.deps.view();
    const size = s?.tableMm ?? (game && game.phase !== 'empty' ? game.table : { widthMm: 1800, depthMm: 1200 });
    const width = h('input', { type: 'number', min: 300, max: 5000, value: size.widthMm, 'data-testid': 'wz-table-width', style: 'width:90px' });
    const depth = h('input', { type: 'number', min: 300, max: 5000, value: size.depthMm, 'data-testid': 'wz-table-depth', style: 'width:90px' });
    const paper = h('select', { 'data-testid': 'wz-paper', onchange: () => ((this.paper = paper.value === 'letter' ? 'letter' : 'a4'), this.render()) }, option('a4', `A4 (210 × 297 ${t('unitMm')})`, this.paper === 'a4'), option('letter', `Letter (216 × 279 ${t('unitMm')})`, this.paper === 'letter'));
    const make = h(
      'button',
      {
        class: 'primary',
        'data-testid': 'wz-make-pdf',
        onclick: async () => {
          make.disabled = true;
          const r = await this.deps.setup.request({ type: 'print', paper: this.paper, widthMm: Number(width.value), depthMm: Number(depth.value), lang: currentLang() });
          this.printed = r.ok;
          if (!r.ok) this.deps.toast(r.problem);
          else if (this.deps.setup.desktop) this.deps.toast(t('wzPdfOpened'));
          await this.refresh();
        },
      },
      t('wzMakePdf'),
    );
    const href = s?.pdf[this.paper] ?? null;
    return h(
      'div',
      {},
      h('p', {}, t('wzPrintIntro')),
      h('div', { class: 'row' }, h('label', {}, t('wzTableSize')), width, '×', depth, h('label', {}, t('wzPaper')), paper, make),
      href && !this.deps.setup.desktop ? h('div', { class: 'row' }, h('a', { href, target: '_blank', 'data-testid': 'wz-open-pdf', class: 'button' }, `${t('wzOpenPdf')} (${this.paper === 'a4' ? 'A4' : 'Letter'})`)) : null,
      s?.print ? h('p', { class: 'muted', 'data-testid': 'wz-print-files' }, `${t('wzPrintFiles')}: ${s.folder} · ${t('wzTable')} ${s.tableMm?.widthMm ?? ''} × ${s.tableMm?.depthMm ?? ''} ${t('unitMm')} · ${t('wzTagSize')} ${s.tagMm ?? ''} ${t('unitMm')}`) : null,
      h('p', { class: 'wz-check' }, t('wzPrintCheck')),
    );
  }
}
