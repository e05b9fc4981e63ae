/** Issue 11 item 4: `serve --serial PATH` on a missing port says so at once and keeps serving. */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = 'dist/src/cli/main.js';

describe('serve --serial on a port that is not there', () => {
  it('names the port and what it waits for, and the app still answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shagomer-serve-serial-'));
    const port = join(dir, 'ttyNothing');
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data', join(dir, 'data'), '--serial', port], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    try {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && !(/waiting \(.*no such port\)/.test(stderr) && /http:\/\/127\.0\.0\.1:\d+\//.test(stdout))) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(stderr).toContain(`serve: sensors waiting: ${port}: waiting (${port}: no such port)`);
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(stdout)?.[0];
      expect(url, stdout).toBeDefined();
      const res = await fetch(`${url}api/view`);
      expect(res.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});
