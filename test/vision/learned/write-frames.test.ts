/**
 * models/train/write-frames.ts: a varied table written as a frame the bench reads as it reads
 * the held-out Blender frames (bench/heldout-eval.ts's schema and listing), and its arguments
 * refused in one line when they make no sense.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listHeldoutFrames } from '../../../bench/heldout-eval.js';
import { parseWriteFramesArgs, writeVariedFrame } from '../../../models/train/write-frames.js';
import { variedTable } from '../../synthetic/varied.js';

describe('write-frames', () => {
  it('writes a frame, its empty table and side files that the bench lists, with the table’s models as truth', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'write-frames-'));
    try {
      const name = await writeVariedFrame(dir, 900003, 640);
      expect(name).toBe('v900003');
      expect((await readdir(dir)).sort()).toEqual(['v900003-empty.jpg', 'v900003.camera.json', 'v900003.jpg', 'v900003.table.json', 'v900003.truth.json']);
      const [frame] = await listHeldoutFrames(dir);
      const table = variedTable(900003, { widthPx: 640 });
      expect(frame?.background).toBe(join(dir, 'v900003-empty.jpg'));
      expect(frame?.truth.models.map((m) => [m.x_mm, m.y_mm, m.fallen, m.tag])).toEqual(table.models.map((m) => [m.x_mm, m.y_mm, m.fallen, m.tag]));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a missing directory, a bad seed or count and an impossible width in one line', () => {
    for (const argv of [[], ['d', 'x', '3'], ['d', '-1', '3'], ['d', '1', '0'], ['d', '1', '20000'], ['d', '1', '2', '100'], ['d', '1', '2', '1.5']]) {
      const r = parseWriteFramesArgs(argv);
      expect(r.ok, argv.join(' ')).toBe(false);
      if (!r.ok) expect(r.problem.split('\n')).toHaveLength(1);
    }
    expect(parseWriteFramesArgs(['d', '900000', '60'])).toEqual({ ok: true, dir: 'd', first: 900000, count: 60, widthPx: undefined });
  });
});
