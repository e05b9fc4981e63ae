/**
 * The third renderer family (test/webgl): its scenes are deterministic, its arguments are
 * checked, and one table rendered for real in Chromium (three.js over SwiftShader) is a frame the
 * app locates from its printed markers, whose tags it reads where the truth puts them, in the
 * held-out frames' layout the bench scores.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readHeldoutFrame } from '../../bench/heldout-frame.js';
import { listHeldoutFrames } from '../../bench/heldout-eval.js';
import { openCv } from '../vision/helpers.js';
import { cameraFile, parseRenderArgs, renderTables } from './render.js';
import { frameModels, tableProfile, tableScene } from './scene.js';

const made: string[] = [];
afterAll(async () => {
  for (const d of made) await rm(d, { recursive: true, force: true });
});

describe('webgl scenes', () => {
  it('are the same for a seed and differ between seeds', () => {
    expect(tableScene(5000)).toEqual(tableScene(5000));
    expect(frameModels(tableScene(5000), 1)).toEqual(frameModels(tableScene(5000), 1));
    expect(tableScene(5001)).not.toEqual(tableScene(5000));
  });

  it('keep models apart, off the markers and on the table, with every failure mode the issue names', () => {
    const traits = new Set<string>();
    for (let s = 0; s < 30; s++) {
      const t = tableScene(s);
      const ms = frameModels(t, 0);
      for (const m of ms) {
        m.traits.forEach((x) => traits.add(x));
        expect(m.x).toBeGreaterThan(0);
        expect(m.y).toBeGreaterThan(0);
        expect(m.x).toBeLessThan(t.table.widthMm);
        expect(m.y).toBeLessThan(t.table.depthMm);
        for (const k of t.markers) expect(Math.hypot(m.x - (k.x0 + k.size / 2), m.y - (k.y0 + k.size / 2))).toBeGreaterThan(k.size);
      }
      for (let i = 0; i < ms.length; i++) for (let j = i + 1; j < ms.length; j++) {
        const a = ms[i]!, b = ms[j]!;
        // Only the touching pair's bases meet (their centres their radii apart, plus 0.3 mm).
        const touching = a.traits.includes('touching') && b.traits.includes('touching');
        expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(touching ? (a.base.mm + b.base.mm) / 2 : Math.max(a.base.mm, b.base.mm) / 2);
      }
      // Each model's tag is in the table profile at its height.
      const heights = (tableProfile(t, ms) as { tags: { heights_mm: Record<string, number> } }).tags.heights_mm;
      for (const m of ms) if (m.tag) expect(heights[String(m.tag.id)]).toBeCloseTo(m.tag.heightMm, 1);
    }
    for (const x of ['dark', 'mat', 'touching', 'vehicle', 'tag-card', 'tag-token', 'square-base']) expect(traits).toContain(x);
  });

  it('write a camera file whose principal point is the frame middle', () => {
    const t = tableScene(5000);
    const c = cameraFile(t);
    expect(c.image_size).toEqual([t.camera.widthPx, t.camera.heightPx]);
    expect(c.camera_matrix[0]).toEqual([t.camera.fy, 0, t.camera.widthPx / 2 - 0.5]);
    expect(c.dist_coeffs).toEqual(t.camera.dist);
  });

  it('refuse bad arguments with one line naming them', () => {
    expect(parseRenderArgs(['/tmp/x', '--tables', '2'])).toEqual({ ok: true, value: { out: '/tmp/x', seed: 1, tables: 2, frames: 3 } });
    for (const [argv, word] of [[[], 'out'], [['/tmp/x', '--tables', '0'], 'tables'], [['/tmp/x', '--frames', 'x'], 'frames'], [['/tmp/x', '--colour', 'red'], '--colour'], [['/a', '/b'], '/b']] as const) {
      const r = parseRenderArgs(argv);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.problem).toContain(word);
        expect(r.problem.split('\n')).toHaveLength(1);
      }
    }
  });
});

describe('a webgl table rendered in Chromium', () => {
  it('is located from its markers and its tags are read where the truth puts them', async () => {
    const out = await mkdtemp(join(tmpdir(), 'webgl-'));
    made.push(out);
    await renderTables({ out, seed: 5, tables: 1, frames: 1 }, () => {});
    expect((await readdir(out)).sort()).toEqual(['t0-empty.camera.json', 't0-empty.jpg', 't0-empty.table.json', 't0-f0.camera.json', 't0-f0.jpg', 't0-f0.table.json', 't0-f0.truth.json']);
    const [frame] = await listHeldoutFrames(out);
    expect(frame?.truth.models.length).toBeGreaterThan(10);
    if (!frame) return;
    const cv = await openCv();
    const r = await readHeldoutFrame(cv, frame);
    try {
      expect(r.located.ok, r.located.ok ? '' : JSON.stringify(r.located.error)).toBe(true);
      if (!r.located.ok) return;
      const tagged = frame.truth.models.filter((m) => m.tag !== null);
      expect(tagged.length).toBeGreaterThanOrEqual(2);
      for (const m of tagged) {
        const t = r.located.value.report.tags.find((x) => x.id === m.tag);
        expect(t, `tag ${m.tag}`).toBeDefined();
        if (t) expect(Math.hypot(t.x_mm - m.x_mm, t.y_mm - m.y_mm), `tag ${m.tag}`).toBeLessThan(4);
      }
    } finally {
      r.release();
    }
  }, 120_000);
});
