/**
 * test/blender/heldout.py's arguments: a bad --engine (or any bad flag) is refused by argparse
 * with exit 2 and a last line naming the flag, before anything is written.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const python = spawnSync('/usr/bin/python3', ['-c', 'import cv2, numpy'], { encoding: 'utf8' });

describe.skipIf(python.status !== 0)('heldout.py arguments', () => {
  it('refuses an unknown --engine and a non-number --seed in one named line, exit 2, writing nothing', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'heldout-args-')), 'frames');
    for (const [flag, value] of [['--engine', 'povray'], ['--seed', 'nine']] as const) {
      const r = spawnSync('/usr/bin/python3', ['test/blender/heldout.py', flag, value, '--out', out], { encoding: 'utf8' });
      expect(r.status, flag).toBe(2);
      const last = r.stderr.trim().split('\n').at(-1) ?? '';
      expect(last).toContain(`argument ${flag}`);
      expect(last).toContain(value);
      expect(existsSync(out), flag).toBe(false);
    }
  });
});
