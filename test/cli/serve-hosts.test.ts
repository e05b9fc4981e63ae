import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = 'dist/src/cli/main.js';

/** `serve --allow-host`: names checked before anything listens; a bad one is one line, exit 2. */
describe('serve --allow-host', () => {
  it.each([['bad name!'], ['-leading.dash'], ['a,evil/path']])('refuses %j with exit 2 and one line', (value) => {
    const r = spawnSync(process.execPath, [CLI, 'serve', '--port', '0', '--data', mkdtempSync(join(tmpdir(), 'shagomer-hosts-')), '--allow-host', value], { encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('serve: no sensor hub'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/--allow-host: ".*" is not a host name/);
  });
});
