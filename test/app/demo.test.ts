import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DemoScript } from '../../src/app/demo/demo-script.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

describe('the bundled demo', () => {
  it('is a valid script whose hub steps match demo/link-scenario.json', () => {
    const script = DemoScript.parse(JSON.parse(readFileSync(join(ROOT, 'demo', 'session.json'), 'utf8')));
    const scenario = JSON.parse(readFileSync(join(ROOT, 'demo', 'link-scenario.json'), 'utf8')) as { events: unknown[] };
    expect(scenario.events).toHaveLength(script.steps.filter((s) => 'hub' in s).length);
  });

  it('`shagomer demo` plays it through the link session and the engine and prints the scored game', () => {
    expect(existsSync(CLI), 'npm run build first').toBe(true);
    const out = execFileSync(process.execPath, [CLI, 'demo', '--json'], { encoding: 'utf8' });
    const game = JSON.parse(out) as { turn: number; shots: { critical: { value: number } | null; result: { damage: number; nextTurn: string } | null }[]; models: { id: string; damage: number; destroyed: boolean }[] };
    expect(game.turn).toBe(4);
    expect(game.shots.map((s) => s.result?.damage ?? null)).toEqual([2, 1, 2]); // the third: a fall only the camera saw (vision on demo/frames)
    expect(game.shots[0]?.critical?.value).toBe(4);
    expect(game.shots[0]?.result?.nextTurn).toBe('no-move');
    expect(game.models.find((m) => m.id === 'B3')?.destroyed).toBe(true);
    const text = execFileSync(process.execPath, [CLI, 'demo'], { encoding: 'utf8' });
    expect(text).toContain('turn 1: A1 Т-90 «Буран» → B1 Шагоход «Клещ»: hit + fell, critical d6 = 4 (physical) → damage 2, next turn: no-move');
  });
});
