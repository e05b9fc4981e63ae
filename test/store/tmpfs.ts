import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A tmpfs of SIZE mounted on a fresh temp dir: a disk that really fills up. Needs root (the CI
 * runs as root); elsewhere `reason` says why the tests that need it are skipped.
 */
export function mountSmallTmpfs(size = '64k'): { dir: string; reason: null; unmount(): void } | { dir: null; reason: string; unmount(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'shagomer-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    const why = e instanceof Error ? (e as Error & { stderr?: Buffer }).stderr?.toString().trim() || e.message : String(e);
    return { dir: null, reason: `skipped: cannot mount a ${size} tmpfs (${why})`, unmount: () => {} };
  }
  return {
    dir,
    reason: null,
    unmount: () => {
      try {
        execFileSync('umount', [dir], { stdio: 'pipe' });
      } catch {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' }); // a file still open: detach lazily
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
