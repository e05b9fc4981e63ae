import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, launchChromium, ptyPair, ROOT, serve, stop, until, type Served, refereeInit } from './harness.js';
import { CAMERA, TAGS, writeWizardY4m } from './wizard-frames.js';

/**
 * The set-up wizard from nothing to a started game, in Chromium against `shagomer serve`: the
 * fake camera plays a stream rendered at test time (the ChArUco board in ten poses, then the
 * table with anchors and tags); the hub is `shagomer sim-device` on a socat pty. Print the
 * sheets, calibrate live, check the table and the 50 cm ruler, bind tags and sensor nodes,
 * start the game, and see the tagged models where the camera puts them.
 */
const DOCS = join(ROOT, 'docs');
let browser: Browser;
let server: Served;
let socat: ChildProcess;
let dir: string;
let ports: { host: string; device: string };
let page: Page;

async function text(p: Page, id: string): Promise<string> {
  return (await p.getByTestId(id).textContent()) ?? '';
}

async function addModel(p: Page, player: 'A' | 'B', preset: string, name: string, rows: number): Promise<void> {
  await p.getByTestId('add-player').selectOption(player);
  await p.getByTestId('add-preset').selectOption(preset);
  await p.getByTestId('add-name').fill(name);
  await p.getByTestId('add-model').click();
  await p.locator('[data-testid=army] tr').nth(rows).waitFor({ timeout: 5000 });
}

/** A step's screenshot for docs/, as a palette PNG (a camera image is ~700 kB in full colour). */
async function shot(p: Page, name: string): Promise<void> {
  await sharp(await p.screenshot()).png({ palette: true, colours: 128, effort: 8 }).toFile(join(DOCS, `wizard-${name}.png`));
}

/**
 * The test ids among `ids` whose element a camera frame replaced within `ms`: a panel built
 * again under the mouse eats the click (mouse down on the old button, up on the new one) and
 * closes an open list, so the live steps keep their controls and change only their texts.
 */
async function replacedAcrossFrames(p: Page, ids: string[], ms = 2000): Promise<string[]> {
  await p.evaluate((list) => {
    (window as unknown as { __kept: Element[] }).__kept = list.map((id) => document.querySelector(`[data-testid="${id}"]`) as Element);
  }, ids);
  await p.waitForTimeout(ms);
  return p.evaluate((list) => list.filter((_, i) => !(window as unknown as { __kept: Element[] }).__kept[i]?.isConnected), ids);
}

const model = (p: Page, id: string) => p.evaluate((m) => window.__shagomer?.view()?.models.find((x) => x.id === m) ?? null, id);

describe('set-up wizard in Chromium', () => {
  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist', 'ui', 'index.html')), 'npm run build first').toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'shagomer-wizard-'));
    // SHAGOMER_WIZARD_Y4M: a stream rendered by an earlier run, to save its minute when iterating.
    const cached = process.env.SHAGOMER_WIZARD_Y4M;
    const y4m = cached && existsSync(cached) ? cached : join(dir, 'wizard.y4m');
    if (y4m !== cached) writeWizardY4m(y4m);
    const pair = await ptyPair(dir);
    socat = pair.proc;
    ports = pair;
    // No --serial: the wizard's hub picker opens the pty by path.
    server = await serve(['--data', join(dir, 'data')]);
    browser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${y4m}`]);
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stop(server.proc);
    if (socat) await stop(socat);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints, calibrates, checks the table, binds tags and sensors, and starts the game', { timeout: 300_000 }, async () => {
    const calibration = join(dir, 'data', 'calibration');
    await page.goto(server.refereeUrl);
    await page.getByTestId('create-game').waitFor();
    await page.getByTestId('wizard-open').click();

    // 1. Print: nothing done yet, so the wizard opens here; the PDF and the table file appear.
    await page.getByTestId('wz-body-print').waitFor();
    expect(await page.getByTestId('wz-next').isDisabled()).toBe(true);
    await page.getByTestId('wz-make-pdf').click();
    await page.getByTestId('wz-open-pdf').waitFor({ timeout: 30_000 });
    const pdf = await fetch(new URL((await page.getByTestId('wz-open-pdf').getAttribute('href')) ?? '', server.url));
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    // The sheets speak the wizard's language (Russian here).
    const words = execFileSync('pdftotext', [join(calibration, 'markers-a4.pdf'), '-']).toString();
    expect(words).toContain('ЯКОРЬ 0');
    expect(words).toContain('этот квадрат должен быть');
    expect(existsSync(join(calibration, 'table.json'))).toBe(true);
    expect(await page.getByTestId('wz-step-print').getAttribute('class')).toContain('done');
    await shot(page, 'print');
    await page.getByTestId('wz-next').click();

    // 2. Camera: views taken live, RMS after each, refusals named, the camera file saved.
    await page.getByTestId('wz-resolution').selectOption('1080p');
    await page.getByTestId('wz-start-camera').click();
    const refusals = new Set<string>();
    const rmsSeen: string[] = [];
    const end = Date.now() + 150_000;
    for (;;) {
      const refused = page.getByTestId('wz-refused');
      if (await refused.count()) refusals.add(((await refused.textContent()) ?? '').replace(/кадр \d+/, 'кадр N'));
      const rms = await text(page, 'wz-rms');
      if (rms !== '—' && rmsSeen[rmsSeen.length - 1] !== rms) rmsSeen.push(rms);
      const views = Number(await text(page, 'wz-views'));
      if (views >= 9 && !(await page.getByTestId('wz-save-camera').isDisabled())) break;
      if (Date.now() > end) throw new Error(`calibration did not finish: ${views} views, RMS ${rms}, refusals ${[...refusals].join(' | ')}`);
      await page.waitForTimeout(150);
    }
    // Each picture plays for a second and loops: repeats are refused as close to a kept view,
    // and the table frames have no board.
    expect([...refusals].join(' | ')).toMatch(/доска не найдена|почти как кадр N: сдвиньте или наклоните доску/);
    expect(rmsSeen.length).toBeGreaterThan(1);
    const rms = Number((await text(page, 'wz-rms')).replace(' px', ''));
    expect(rms).toBeLessThan(1);
    expect(Number((await text(page, 'wz-missing')).split(' / ')[0])).toBeLessThan(24);
    await shot(page, 'camera');
    await page.getByTestId('wz-save-camera').click();
    await page.getByTestId('wz-camera-file').waitFor();
    const saved = JSON.parse(readFileSync(join(calibration, 'camera.json'), 'utf8')) as { image_size: number[]; camera_matrix: number[][]; rms_px: number };
    expect(saved.image_size).toEqual([1920, 1080]);
    // The lens the frames were rendered with: focal within 1 %, centre within 10 px.
    expect(Math.abs((saved.camera_matrix[0]?.[0] ?? 0) / CAMERA.intrinsics.fx - 1)).toBeLessThan(0.01);
    expect(Math.abs((saved.camera_matrix[0]?.[2] ?? 0) - CAMERA.intrinsics.cx)).toBeLessThan(10);
    expect(saved.rms_px).toBeCloseTo(rms, 3);
    await page.getByTestId('wz-next').click();

    // 3. Table: all four anchors, a small reprojection error, the camera 1600 mm up, the ruler.
    await page.waitForFunction(() => /см/.test(document.querySelector('[data-testid=wz-height]')?.textContent ?? ''), undefined, { timeout: 60_000 });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=wz-ruler-a] option').length >= 4, undefined, { timeout: 60_000 });
    await page.getByTestId('wz-ruler-a').selectOption('10');
    await page.getByTestId('wz-ruler-b').selectOption('11');
    expect(await text(page, 'wz-anchors')).toMatch(/0 ✓.*1 ✓.*2 ✓.*3 ✓/);
    const reprojection = Number((await text(page, 'wz-reprojection')).replace(' px', ''));
    expect(reprojection).toBeLessThan(1);
    const heightCm = Number((await text(page, 'wz-height')).replace(' см', ''));
    expect(Math.abs(heightCm - 160)).toBeLessThan(1.6);
    const ruler = await text(page, 'wz-ruler');
    const m = /\((\d+\.\d) мм\), отклонение ([+−])(\d+\.\d) мм/.exec(ruler);
    expect(m, ruler).not.toBeNull();
    const measured = Number(m?.[1]);
    expect(Math.abs(measured - 500)).toBeLessThan(3);
    expect(Math.abs(Number(m?.[3]) - Math.abs(measured - 500))).toBeLessThan(0.11);
    expect(await replacedAcrossFrames(page, ['wz-ruler-a', 'wz-ruler-b', 'wz-save-table'])).toEqual([]);
    await shot(page, 'table');
    await page.getByTestId('wz-save-table').click();
    await page.getByTestId('wz-table-file').waitFor();
    const check = JSON.parse(readFileSync(join(calibration, 'table-check.json'), 'utf8')) as { ruler: { tagA: number; tagB: number; measuredMm: number } };
    expect(check.ruler).toMatchObject({ tagA: 10, tagB: 11 });
    await page.getByTestId('wz-next').click();

    // 4. Bind needs a game being set up: make one, then the wizard opens where it stopped.
    await page.getByTestId('wz-need-game').waitFor();
    await page.getByTestId('wz-close').click();
    await page.getByTestId('system').selectOption('vtorzhenie');
    await page.getByTestId('title').fill('Мастер');
    await page.getByTestId('create-game').click();
    await page.getByTestId('add-model').waitFor();
    await addModel(page, 'A', 'tank', 'Танк', 1);
    await addModel(page, 'B', 'tank', 'Шагоход', 2);
    await page.getByTestId('wizard-open').click();
    await page.getByTestId('wz-body-bind').waitFor();
    for (const s of ['print', 'camera', 'table']) expect(await page.getByTestId(`wz-step-${s}`).getAttribute('class')).toContain('done');

    // Click the tags the camera sees and choose their models.
    for (const [tag, id] of [
      [10, 'A1'],
      [20, 'B1'],
    ] as const) {
      await page.getByTestId(`wz-tag-${tag}`).click({ timeout: 60_000 });
      await page.getByTestId(`wz-tag-model-${tag}`).selectOption(id);
      await page.getByTestId('wz-bind-tag').click();
      await page.waitForFunction(([m, t]) => window.__shagomer?.view()?.models.find((x) => x.id === m)?.tag === t, [id, tag] as const, { timeout: 5000 });
    }
    // The hub: a pty is not among the listed devices, so its path goes in the path field.
    expect(await page.locator('[data-testid=wz-ports] option').allTextContents()).not.toContain(ports.host);
    await page.getByTestId('wz-port-path').fill(ports.host);
    expect(await replacedAcrossFrames(page, ['wz-connect', 'wz-tag-10', 'wz-tag-21', 'wz-port-path'])).toEqual([]);
    await page.getByTestId('wz-connect').click();
    await page.waitForFunction((p) => (document.querySelector('[data-testid=wz-link]')?.textContent ?? '').includes(p), ports.host, { timeout: 10_000 });
    // Press the launcher and hit the target: the hub sends SHOT L1, HIT V2, TILT V2T.
    const scenario = join(dir, 'presses.json');
    writeFileSync(
      scenario,
      JSON.stringify({
        fw: 'wizard-test',
        nodes: [{ id: 'L1', kind: 'L' }, { id: 'V2', kind: 'H' }, { id: 'V2T', kind: 'T' }],
        events: [
          { at_ms: 200, type: 'SHOT', launcher: 'L1', speed_mm_s: 5000 },
          { at_ms: 400, type: 'HIT', node: 'V2', strength: 700 },
          { at_ms: 500, type: 'TILT', node: 'V2T', state: 'DOWN', angle_deg: 80 },
        ],
      }),
    );
    const sim = spawn(process.execPath, [CLI, 'sim-device', '--port', ports.device, '--scenario', scenario, '--boot', '7a5e0001'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let simErr = '';
    sim.stderr?.on('data', (c: Buffer) => (simErr += c.toString()));
    await page.getByTestId('wz-heard-V2T').waitFor({ timeout: 15_000 });
    // The hub's greeting in the wizard's language, not the app's English line.
    await page.waitForFunction(() => (document.querySelector('[data-testid=wz-link]')?.textContent ?? '').includes('хаб 7a5e0001, прошивка wizard-test'), undefined, { timeout: 10_000 });
    expect(await text(page, 'wz-link')).not.toMatch(/firmware|connected|hub /);
    expect(await text(page, 'wz-heard-L1')).toContain('Пускатель');
    for (const [node, id] of [
      ['L1', 'A1'],
      ['V2', 'B1'],
      ['V2T', 'B1'],
    ] as const) {
      await page.getByTestId(`wz-node-model-${node}`).selectOption(id);
      await page.getByTestId(`wz-bind-node-${node}`).click();
      await page.waitForFunction(([n, m]) => (window.__shagomer?.view()?.models ?? []).some((x) => x.id === m && [x.hitNode, x.tiltNode, x.launcherNode].includes(n)), [node, id] as const, { timeout: 5000 });
    }
    await until(() => sim.exitCode !== null, `sim-device to finish (${simErr})`, 10_000);
    expect(await model(page, 'A1')).toMatchObject({ tag: 10, launcherNode: 'L1', hitNode: null });
    expect(await model(page, 'B1')).toMatchObject({ tag: 20, hitNode: 'V2', tiltNode: 'V2T', launcherNode: null });
    expect(await page.getByTestId('wz-step-bind').getAttribute('class')).toContain('done');
    await shot(page, 'bind');

    // Every binding is a record in the game's journal.
    const gameId = await page.evaluate(() => window.__shagomer?.view()?.gameId ?? '');
    const journal = await (await fetch(new URL(`/api/games/${gameId}/export`, server.url), refereeInit(server.token))).text();
    const bindings = journal
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { rec: { event: { type: string; modelId?: string } } }).rec.event)
      .filter((e) => e.type === 'binding-set');
    expect(bindings.map((e) => e.modelId)).toEqual(['A1', 'B1', 'A1', 'B1', 'B1']);

    // Done: back to the armies, start the game, and the camera puts the tagged models on the table.
    await page.getByTestId('wz-finish').click();
    await page.getByTestId('start-game').click();
    await page.getByTestId('turn').waitFor();
    await page.getByTestId('camera').click();
    await page.waitForFunction(
      ([x, y]) => {
        const p = window.__shagomer?.view()?.models.find((m) => m.id === 'A1')?.pos;
        return p != null && Math.hypot(p.xMm - x, p.yMm - y) < 5;
      },
      TAGS[10] as [number, number],
      { timeout: 60_000 },
    );
    const b1 = (await model(page, 'B1'))?.pos;
    expect(Math.hypot((b1?.xMm ?? 0) - (TAGS[20]?.[0] ?? 0), (b1?.yMm ?? 0) - (TAGS[20]?.[1] ?? 0))).toBeLessThan(5);
    expect(await page.evaluate(() => window.__shagomer?.view()?.phase)).toBe('play');
  });
});
