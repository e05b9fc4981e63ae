/**
 * The trainers' smoke tests: Debian's Python with python3-torch and python3-onnx (the tests are
 * skipped where they are not installed), and scratch directories removed after the file's tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export const PYTHON = '/usr/bin/python3';

/** Whether PYTHON imports these modules (comma-separated, as an import statement lists them). */
export const pythonHas = (modules: string): boolean => existsSync(PYTHON) && spawnSync(PYTHON, ['-c', `import ${modules}`], { encoding: 'utf8' }).status === 0;

/** A maker of scratch directories under the system's temp folder, each removed when the file's tests end. */
export function scratchDirs(): (prefix: string) => Promise<string> {
  const made: string[] = [];
  afterAll(async () => {
    for (const d of made) await rm(d, { recursive: true, force: true });
  });
  return async (prefix) => {
    const d = await mkdtemp(join(tmpdir(), prefix));
    made.push(d);
    return d;
  };
}
