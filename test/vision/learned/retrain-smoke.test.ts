/**
 * models/train/retrain.sh, the one command that trains the detector's next version, run end to
 * end in its smoke mode (SMOKE=1: a table or two of each kind, seconds of training; BLENDER=0:
 * no Cycles frames, which CI cannot render): every step of the recipe must still accept what
 * the script passes it, and the file it writes must hold every part the shipped one holds and
 * run in the detector. WebGL frames are rendered (Debian's chromium, as the UI tests use). Proves
 * the recipe runs, not what it trains (the card's rules judge that).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLearnedDetectorNode } from '../../../src/vision/learned/onnx-node.js';
import { pythonHas, scratchDirs } from './python-helpers.js';

const hasTorch = pythonHas('torch, onnx');
const scratch = scratchDirs();
const SCRIPT = 'models/train/retrain.sh';

describe.runIf(hasTorch)('retrain.sh', () => {
  it('runs the whole recipe in its smoke mode and writes a file with all four nets that the detector runs', async () => {
    const out = await scratch('retrain-');
    const r = spawnSync(SCRIPT, ['models/miniature-detector.onnx', out], { encoding: 'utf8', timeout: 400_000, env: { ...process.env, SMOKE: '1', BLENDER: '0' } });
    expect(r.status, r.stderr.slice(-2000)).toBe(0);
    // The shipped file and the new one, counted on the validation frames the script wrote.
    expect(r.stdout).toContain(`== models/miniature-detector.onnx on ${join(out, 'data', 'vf')}`);
    expect(r.stdout).toContain(`== ${join(out, 'detector.onnx')} on`);
    expect(r.stdout.match(/with the empty table: missed/g)).toHaveLength(2);
    // Every table directory of the recipe was made under OUT/data, none in models/train.
    const made = r.stdout + r.stderr;
    expect(made).toMatch(/s20001 .* models/);
    expect(made).toMatch(/s305\d\d .* models/); // the first printed-terrain table of the smoke seeds
    expect(made).toMatch(/s48001 .* models/);
    expect(made).toMatch(/s60001 .* models/);
    // The WebGL family's training tables (seeds 2 and 5, one table each) and its validation frames.
    expect(made.split(`1 frames written to ${join(out, 'data', 'datag')}`)).toHaveLength(3);
    expect(r.stdout).toContain(`${join(out, 'data', 'webgl', 'v4')}`);
    // A rerun of step 1 alone (DATA_ONLY=1) resumes: every table is there, so none is made again.
    const again = spawnSync(SCRIPT, ['models/miniature-detector.onnx', out], { encoding: 'utf8', timeout: 200_000, env: { ...process.env, SMOKE: '1', BLENDER: '0', DATA_ONLY: '1' } });
    expect(again.status, again.stderr.slice(-2000)).toBe(0);
    expect(again.stdout).toContain('retrain.sh: the tables are written (DATA_ONLY=1)');
    expect(again.stdout + again.stderr).not.toMatch(/s\d{5} .* models|[1-9]\d* frames written|== /);
    const loaded = await loadLearnedDetectorNode(join(out, 'detector.onnx'));
    expect(loaded.ok, loaded.ok ? '' : loaded.problem).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.detector.stages).toEqual({ fallen: true, second: true, centre: true, fine: false, place: true });
    await loaded.detector.release();
  }, 600_000);

  it('refuses a model file that is not there: one line naming it, exit 2', () => {
    const r = spawnSync(SCRIPT, ['/nonexistent/model.onnx', '/tmp/never-written'], { encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual(['retrain.sh: /nonexistent/model.onnx: no such model file']);
  });
});
