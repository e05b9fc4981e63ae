/**
 * `npm run bench:app`: the table app in Debian Chromium against `shagomer serve`.
 * 1. Overlay frames per second at 1920×1080 with 30 models, a shooter selected (range rings,
 *    enemy halos, target line): paced by requestAnimationFrame, and the raw draw cost per frame;
 *    then with 40 terrain pieces added (the run without them is the baseline, as a ratio), and
 *    over the camera image. Intent → screen: a selection sent, until its view is painted.
 * 2. Delay from a HIT or TILT reaching the host over a real pty (socat + `shagomer sim-device`)
 *    to the shot panel repainted in the page (aim ≤ 300 ms), camera confirmation aside.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { cpus, loadavg } from 'node:os';
import type { GameView } from '../src/app/api/view.js';

/** What the renderer exposes for measurements (src/ui/main.ts). */
interface Hooks {
  __shagomer?: { table: { draw(): void; frame(): void; canvas: HTMLCanvasElement; framesDrawn: number }; view(): GameView | null; latenciesMs: number[]; cameraRectified(): boolean };
  __overlay?: () => Promise<{ paced: number; msPerDraw: number; width: number; height: number }>;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const SHOTS = 20;
const SHOT_EVERY_MS = 700;

/** Where the run stands, on stderr (a run under heavy load takes minutes). */
const progress = (what: string): void => void process.stderr.write(`bench:app … ${what}\n`);

/**
 * `BENCH_APP_PROFILE=DIR`: a Chromium CPU profile (CDP Profiler) of each measured section, written
 * as DIR/<section>.cpuprofile (open in Chromium's DevTools, Performance panel).
 */
async function profiled<T>(page: Page, section: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_APP_PROFILE;
  if (!dir) return run();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${section}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function stop(p: ChildProcess): void {
  if (p.exitCode === null && p.signalCode === null) p.kill('SIGTERM');
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

/** One frame of the synthetic table as a Y4M stream for Chromium's fake camera. */
async function y4m(image: string, out: string): Promise<void> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const planes = Buffer.alloc(w * h + 2 * (w / 2) * (h / 2));
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const k = (j * w + i) * 3;
      const [r, g, b] = [data[k] as number, data[k + 1] as number, data[k + 2] as number];
      planes[j * w + i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      if (j % 2 === 0 && i % 2 === 0) {
        const c = (j / 2) * (w / 2) + i / 2;
        planes[w * h + c] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
        planes[w * h + (w / 2) * (h / 2) + c] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
      }
    }
  }
  writeFileSync(out, Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), planes]));
}

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist', 'ui', 'index.html'))) throw new Error('the renderer is not built: npm run build');
  const dir = mkdtempSync(join(tmpdir(), 'shagomer-bench-app-'));
  const host = join(dir, 'ttyHost');
  const device = join(dir, 'ttyDevice');
  const socat = spawn('socat', [`pty,raw,echo=0,link=${host}`, `pty,raw,echo=0,link=${device}`], { stdio: 'ignore' });
  const children: ChildProcess[] = [socat];
  const frames = join(ROOT, 'demo', 'frames');
  const video = join(dir, 'table.y4m');
  await y4m(join(frames, 'f0-start.jpg'), video);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    await until(() => existsSync(host) && existsSync(device), 'socat ptys');
    const server = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data', join(dir, 'data'), '--serial', host, '--table', join(frames, 'table.json'), '--camera', join(frames, 'camera.json')], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(server);
    let out = '';
    server.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    await until(() => /serve: http/.test(out), 'serve');
    const printed = /serve: (http:\/\/\S+)#referee=(\S+)/.exec(out);
    const url = printed?.[1] as string;
    const token = printed?.[2] as string;
    const auth = { authorization: `Bearer ${token}` };
    const post = async (intent: unknown): Promise<void> => {
      const r = (await (await fetch(`${url}api/intent`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(intent) })).json()) as { ok: boolean; problem?: string };
      if (!r.ok) throw new Error(`${JSON.stringify(intent)}: ${r.problem ?? ''}`);
    };
    const view = async (): Promise<GameView> => (await (await fetch(`${url}api/view`, { headers: auth })).json()) as GameView;

    // 30 models, 15 a side; A1 carries the launcher, B1 the hit and tilt sensors.
    await post({ type: 'new-game', ruleset: 'vtorzhenie', title: 'bench', seed: 'bench', players: [{ id: 'A', name: 'Синие', colour: '#2563eb' }, { id: 'B', name: 'Красные', colour: '#dc2626' }] });
    const weapons = [{ id: 'tank-gun', label: 'Орудие', rangeSteps: 30, power: 5, accuracyBonus: 0 }];
    for (let i = 0; i < 30; i++) {
      const player = i < 15 ? 'A' : 'B';
      const first = i === 0 || i === 15;
      await post({
        type: 'add-model',
        model: { player, name: `${player}-${i % 15}`, kind: first ? 'vehicle' : 'infantry', armour: first ? 10 : 2, stamina: first ? 99 : 1, speedSteps: 4, baseMm: first ? 60 : 25, heightMm: 40, weapons, tag: null, hitNode: i === 15 ? 'V2' : null, tiltNode: i === 15 ? 'V2T' : null, launcherNode: i === 0 ? 'L1' : null },
      });
    }
    const models = (await view()).models.map((m, i) => ({ id: m.id, xMm: 150 + (i % 5) * 300, yMm: (m.player === 'A' ? 150 : 750) + Math.floor((i % 15) / 5) * 120, fallen: false }));
    await post({ type: 'place-models', models });
    await post({ type: 'finish-setup', firstPlayer: 'A' });
    await post({ type: 'select', shooterId: 'A1', targetId: 'B1', weaponId: 'tank-gun' });

    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${url}#referee=${token}`);
    await page.waitForFunction(() => ((window as unknown as Hooks).__shagomer?.view()?.models.length ?? 0) === 30);
    // Grow the window so the table canvas itself is 1920×1080 (the side panel and header sit beside it).
    const canvasCss = await page.evaluate(() => ({ w: (window as unknown as Hooks).__shagomer?.table.canvas.clientWidth ?? 0, h: (window as unknown as Hooks).__shagomer?.table.canvas.clientHeight ?? 0 }));
    await page.setViewportSize({ width: 1920 + (1920 - canvasCss.w), height: 1080 + (1080 - canvasCss.h) });
    await page.waitForTimeout(300);

    // Baseline, in this page and run: an empty canvas of the table canvas's size cleared every
    // frame, paced by requestAnimationFrame (what the machine gives any 1080p canvas right now).
    progress('empty-canvas baseline');
    const baseline = await page.evaluate(async () => {
      const s = (window as unknown as Hooks).__shagomer;
      if (!s) throw new Error('no app');
      const c = document.createElement('canvas');
      c.width = s.table.canvas.width;
      c.height = s.table.canvas.height;
      const r = s.table.canvas.getBoundingClientRect();
      c.style.cssText = `position:fixed;left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px;z-index:10`;
      document.body.append(c);
      const ctx = c.getContext('2d', { alpha: false, desynchronized: true });
      if (!ctx) throw new Error('no 2D canvas');
      let frames = 0;
      const t0 = performance.now();
      await new Promise<void>((done) => {
        const frame = (): void => {
          ctx.fillStyle = frames % 2 === 0 ? '#11151b' : '#12161c';
          ctx.fillRect(0, 0, c.width, c.height);
          frames++;
          if (performance.now() - t0 < 3000) requestAnimationFrame(frame);
          else done();
        };
        requestAnimationFrame(frame);
      });
      c.remove();
      return { paced: frames / ((performance.now() - t0) / 1000) };
    });

    // 1. Overlay frame rate (the same measurement with and without terrain).
    const measureOverlay = async (): Promise<{ paced: number; msPerDraw: number; width: number; height: number }> => page.evaluate(async () => {
      const s = (window as unknown as Hooks).__shagomer;
      if (!s) throw new Error('no app');
      const durationMs = 3000;
      let frames = 0;
      const t0 = performance.now();
      await new Promise<void>((done) => {
        const frame = (): void => {
          s.table.draw();
          frames++;
          if (performance.now() - t0 < durationMs) requestAnimationFrame(frame);
          else done();
        };
        requestAnimationFrame(frame);
      });
      const paced = frames / ((performance.now() - t0) / 1000);
      const n = 300;
      const t1 = performance.now();
      for (let i = 0; i < n; i++) s.table.draw();
      const msPerDraw = (performance.now() - t1) / n;
      return { paced, msPerDraw, width: s.table.canvas.width, height: s.table.canvas.height };
    });
    progress('overlay, 30 models');
    const overlay = await profiled(page, 'overlay', measureOverlay);

    // 40 terrain pieces (light cover, open ground) in the band between the armies and by the edge.
    const terrain = Array.from({ length: 40 }, (_, i) => {
      const x = 80 + (i % 11) * 160;
      const y = 460 + Math.floor(i / 11) * 65;
      return { id: `T${i + 1}`, polygonMm: [[x, y], [x + 70, y], [x + 80, y + 30], [x + 35, y + 45], [x, y + 35]], heightMm: 60, size: 'medium', cover: 'light', movement: 'open', greyZone: false, tag: null };
    });
    await post({ type: 'set-terrain', source: 'manual', pieces: terrain });
    await page.waitForFunction(() => ((window as unknown as Hooks).__shagomer?.view()?.terrain?.length ?? 0) === 40);
    progress('overlay, 30 models + 40 terrain pieces');
    const withTerrain = await profiled(page, 'overlay-terrain', measureOverlay);

    // Intent → screen: a new target sent over HTTP (as the page's own client sends it: the
    // referee's token, JSON), until the view carrying it has been painted.
    progress('intent → screen');
    const intentMs = await profiled(page, 'intent', () => page.evaluate(async () => {
      const s = (window as unknown as Hooks).__shagomer;
      if (!s) throw new Error('no app');
      const token = sessionStorage.getItem('shagomer.referee') ?? '';
      const out: number[] = [];
      const replied: number[] = [];
      const arrived: number[] = [];
      for (let i = 0; i < 20; i++) {
        const target = i % 2 === 0 ? 'B2' : 'B1';
        const t0 = performance.now();
        const res = await fetch('/api/intent', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'select', shooterId: 'A1', targetId: target, weaponId: 'tank-gun' }) });
        const reply = (await res.json()) as { ok: boolean; problem?: string };
        replied.push(performance.now() - t0);
        if (!reply.ok) throw new Error(`select refused: ${reply.problem ?? res.status}`);
        // The view's arrival, polled every millisecond or so (the page renders it as it arrives),
        // then the end of the next frame's rendering: a task queued from that frame's
        // requestAnimationFrame runs once its paint is done.
        await new Promise<void>((done, fail) => {
          const end = t0 + 10_000;
          const check = (): void => {
            if (s.view()?.selection.targetId === target) {
              arrived.push(performance.now() - t0);
              requestAnimationFrame(() => setTimeout(done, 0));
            } else if (performance.now() > end) fail(new Error(`the view never showed target ${target}`));
            else setTimeout(check, 1);
          };
          check();
        });
        out.push(performance.now() - t0);
      }
      return { out, replied, arrived };
    }));

    // 1b. The same overlay over the camera (Chromium's fake camera playing a synthetic-table
    // frame), undistorted and rectified once the vision worker has the table pose.
    progress('camera: waiting for the table pose');
    await page.getByTestId('camera').click();
    await page.waitForFunction(() => (window as unknown as Hooks).__shagomer?.cameraRectified() === true, undefined, { timeout: 120_000 });
    progress('overlay over the camera');
    if (process.env.BENCH_APP_TRACE) await browser.startTracing(page, { path: process.env.BENCH_APP_TRACE, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'viz', 'cc', 'gpu', 'blink', 'media'] });
    const withCamera = await profiled(page, 'camera', () => page.evaluate(async () => {
      const s = (window as unknown as Hooks).__shagomer;
      if (!s) throw new Error('no app');
      const f0 = s.table.framesDrawn;
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, 3000));
      return { fps: (s.table.framesDrawn - f0) / ((performance.now() - t0) / 1000) };
    }));
    if (process.env.BENCH_APP_TRACE) await browser.stopTracing();
    await page.getByTestId('camera').click();

    // Printed now, so a run that fails later still gives them.
    const say = (line: string): void => void process.stdout.write(`${line}\n`);
    const ofBase = (fps: number): string => `${(fps / baseline.paced).toFixed(2)}× the empty canvas`;
    say(`bench:app baseline (this page, this run): an empty ${overlay.width}×${overlay.height} canvas cleared each frame: ${baseline.paced.toFixed(1)} frames/s paced by requestAnimationFrame`);
    say(`bench:app overlay ${overlay.width}×${overlay.height}, 30 models, shooter selected (range rings, halos, target line):`);
    say(`  ${overlay.paced.toFixed(1)} frames/s paced, a full redraw each frame (${ofBase(overlay.paced)}); ${overlay.msPerDraw.toFixed(2)} ms of script per full redraw (Chromium rasterises at paint, so this is not the frame cost)`);
    say(`  with 40 terrain pieces: ${withTerrain.paced.toFixed(1)} frames/s paced (${ofBase(withTerrain.paced)}), ${withTerrain.msPerDraw.toFixed(2)} ms of script per full redraw (${(withTerrain.msPerDraw / overlay.msPerDraw).toFixed(2)}× the redraw without terrain)`);
    say(`  30 models + 40 terrain pieces over the camera image (1280×720 synthetic table) undistorted and rectified: ${withCamera.fps.toFixed(1)} frames/s (${ofBase(withCamera.fps)}; aim ≥ 30)`);
    say(`bench:app intent (select a target over HTTP) → view painted: p50 ${quantile(intentMs.out, 0.5).toFixed(0)} ms, p95 ${quantile(intentMs.out, 0.95).toFixed(0)} ms over ${intentMs.out.length} (aim ≤ 100 ms); the HTTP reply came at p50 ${quantile(intentMs.replied, 0.5).toFixed(0)} ms, the view over the stream at p50 ${quantile(intentMs.arrived, 0.5).toFixed(0)} ms`);
    say(`bench:app load average after the page sections: ${loadavg()[0]?.toFixed(1) ?? '?'} on ${cpus().length} cores`);
    if (process.env.BENCH_APP_SKIP_SENSORS) return;
    progress('sensors over the pty');
    // 2. Sensor arrival → on screen, over the pty.
    const events: Record<string, unknown>[] = [];
    for (let k = 0; k < SHOTS; k++) {
      const t = 300 + k * SHOT_EVERY_MS;
      events.push({ at_ms: t, type: 'SHOT', launcher: 'L1' }, { at_ms: t + 120, type: 'HIT', node: 'V2', strength: 600 });
      if (k % 2 === 1) events.push({ at_ms: t + 160, type: 'TILT', node: 'V2T', state: 'DOWN', angle_deg: 80 }, { at_ms: t + 500, type: 'TILT', node: 'V2T', state: 'UP', angle_deg: 0 });
    }
    const scenario = join(dir, 'scenario.json');
    writeFileSync(scenario, JSON.stringify({ fw: 'bench', nodes: [{ id: 'L1', kind: 'L' }, { id: 'V2', kind: 'H' }, { id: 'V2T', kind: 'T' }], events }));
    const sim = spawn(process.execPath, [CLI, 'sim-device', '--port', device, '--scenario', scenario, '--boot', 'be0c0001'], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(sim);
    for (let k = 0; k < SHOTS; k++) {
      const expectTilt = k % 2 === 1;
      await until(async () => {
        const v = await view();
        return v.shot !== null && v.shot.readings.some((r) => r.kind === 'HIT') && (!expectTilt || v.shot.readings.some((r) => r.kind === 'TILT'));
      }, `shot ${k + 1}`);
      await new Promise((r) => setTimeout(r, 60)); // let the page paint before the shot closes
      // A fallen model is stood up, so the next hit scores as on a standing one.
      await post({ type: 'commit-shot', die: expectTilt ? { source: 'virtual' } : null });
      if (expectTilt) await post({ type: 'stand-up', modelId: 'B1' }).catch(() => undefined);
    }
    await until(() => sim.exitCode !== null, 'sim-device to finish', 20_000);
    const latencies = await page.evaluate(() => (window as unknown as Hooks).__shagomer?.latenciesMs ?? []);

    say(`bench:app load average during the run: ${loadavg()[0]?.toFixed(1) ?? '?'} on ${cpus().length} cores (other work on the machine shows in the tail)`);
    say(`bench:app HIT/TILT reaching the host over a pty → painted in Chromium: p50 ${quantile(latencies, 0.5).toFixed(0)} ms, p95 ${quantile(latencies, 0.95).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms over ${latencies.length} readings (aim ≤ 300 ms; camera confirmation aside)`);
  } finally {
    await browser.close();
    for (const c of children.reverse()) stop(c);
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`bench:app: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
