/**
 * `npm run bench:engine`: how fast the rules engine is, beside baselines measured in the same
 * run. Three figures: in-process resolutions per second of a Вторжение virtual shot, the time
 * of an exact-odds computation for every registered action, and the cold start of
 * `shagomer resolve` against plain `node -e 0`.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SeededDice } from '../src/core/dice/seeded-dice.js';
import { Rng, seedRng } from '../src/core/random/rng.js';
import { actionsOf, gameSystem, systemIds } from '../src/core/rulesets/registry.js';
import { resolveVirtualShot, VirtualShotInput } from '../src/core/rulesets/vtorzhenie/virtual-shot.js';
import { vtorzhenie } from '../src/core/rulesets/vtorzhenie/system.js';
import { resolveScenario } from '../src/core/scenario/resolve-scenario.js';

const AIM_RESOLUTIONS_PER_S = 200_000;
const AIM_ODDS_MS = 5;
const AIM_COLD_RATIO = 3;

/** Runs `body` in growing batches until `minMs` has passed; returns operations per second. */
function opsPerSecond(body: () => void, minMs = 600): number {
  let n = 1_000;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) body();
    const ms = performance.now() - t0;
    if (ms >= minMs) return (n / ms) * 1000;
    n = Math.ceil(n * Math.min(10, Math.max(2, (minMs * 1.2) / Math.max(ms, 1))));
  }
}

const table = (header: string[], rows: string[][]): string => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
};
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
const fmt = (x: number, digits = 0) => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

// 1. Resolutions per second.
function resolutions(): string[][] {
  const fields = { distance_cm: 44, shooter: { power: 3, accuracy_bonus: 1, range_steps: 20 }, target: { armour: 3, stamina: 1 } };
  const input = VirtualShotInput.parse(fields);
  const dice = new SeededDice(seedRng('bench'));
  const engine = opsPerSecond(() => {
    dice.used.length = 0;
    resolveVirtualShot(input, dice, vtorzhenie.data);
  });
  let seed = 0;
  const scenario = opsPerSecond(() => {
    resolveScenario({ ruleset: 'vtorzhenie', action: 'virtual-shot', ...fields, seed: String(seed++) });
  }, 400);
  const rng = new Rng(seedRng('baseline'));
  const dieRolls = opsPerSecond(() => {
    rng.die(6);
    rng.die(6);
    rng.die(6);
    rng.die(6);
  });
  return [
    ['baseline: 4 raw d6 from the generator', fmt(dieRolls), '', ''],
    ['vtorzhenie virtual-shot (engine, parsed input)', fmt(engine), `≥ ${fmt(AIM_RESOLUTIONS_PER_S)}`, verdict(engine >= AIM_RESOLUTIONS_PER_S)],
    ['vtorzhenie virtual-shot (scenario: validate + seed + resolve)', fmt(scenario), '', ''],
  ];
}

/**
 * Inputs for every action of the scenario contract, with the costliest branches where there is
 * a choice (sniper reroll with a shield, ties rolled again). An action registered without a
 * sample here is listed, not skipped silently.
 */
const SAMPLES: Record<string, { label?: string; input: Record<string, unknown> }[]> = {
  'vtorzhenie/measure': [{ input: { distance_cm: 44 } }],
  'vtorzhenie/virtual-shot': [
    { label: 'sniper EX', input: { distance_cm: 44, shooter: { power: 3, accuracy_bonus: 1, range_steps: 20 }, target: { armour: 3, stamina: 1 } } },
    { label: 'reroll + shield', input: { distance_cm: 44, shooter: { power: 3, accuracy_bonus: 1, reroll_accuracy_die: true }, target: { armour: 3, stamina: 2, shield: true } } },
  ],
  'vtorzhenie/real-shot': [{ input: { target: { kind: 'vehicle', stamina: 3 }, hit: true, fell: true } }],
  'vtorzhenie/close-combat': [{ label: 'ties rolled again', input: { attackers: [{ cc: 4, armour: 3, attack_dice: 2 }], defenders: [{ cc: 1, armour: 3, defence_dice: 2 }] } }],
  'bronepekhota/measure': [{ input: { distance_cm: 18 } }],
  'bronepekhota/virtual-shot': [{ label: 'volley', input: { distance_cm: 12, shooters: [{ shooting: 3, range_steps: 8 }, { shooting: 3, range_steps: 8 }], target: { armour: 4, kind: 'infantry' } } }],
  'bronepekhota/real-shot': [{ input: { target: { kind: 'vehicle', unit_type: 'walker' }, hit: true, fell: true } }],
  'bronepekhota/close-combat': [{ input: { attacker: { cc: 2, armour: 3 }, defender: { cc: 1, armour: 4, kind: 'cyborg' } } }],
  'zvezdny-desant/measure': [{ input: { distance_cm: 20 } }],
  'zvezdny-desant/wound-test': [{ input: { weapon: { mshch: 1, hrk: { B: 12 } }, target: { armour_class: 'B', stk: 2, models: 5 }, hits: 3 } }],
  'zvezdny-desant/activation-order': [{ input: { first_player: 'A', units: [{ id: 'a1', player: 'A', initiative: 5 }, { id: 'b1', player: 'B', initiative: 6 }] } }],
  'zvezdny-desant/to-hit': [{ input: { shots: 5, in_cover: true, reroll_failed: true } }],
  'zvezdny-desant/melee': [{ input: { sides: [{ player: 'A', models: 5, in_contact: 3, strikers: 5, bsp: 7, stk: 1 }, { player: 'B', models: 4, in_contact: 3, strikers: 4, bsp: 8, stk: 1 }] } }],
  'stalnaya-voyna/measure': [{ input: { distance_cm: 30 } }],
  'stalnaya-voyna/fire': [{ input: { distance_in: 12, shooter: { quality: 'd8', small_arms_rof: [3, 3], support: ['d6'] }, target: { prone: true, cover: 'light' } } }],
  'stalnaya-voyna/wound': [{ input: { power: 'd10', armour: 'd4' } }],
  'stalnaya-voyna/melee-casualty': [{ input: {} }],
  'stalnaya-voyna/reorganise': [{ input: { medic: true } }],
  'stalnaya-voyna/commander-lost': [{ input: { leadership: 2 } }],
};

function exactOdds(): string[][] {
  const rows: string[][] = [];
  for (const id of systemIds()) {
    const system = gameSystem(id);
    if (!system) continue;
    for (const action of Object.keys(actionsOf(system))) {
      const samples = SAMPLES[`${id}/${action}`];
      if (!samples) {
        rows.push([`${id} ${action}`, '–', '', 'no sample input in bench/engine.ts']);
        continue;
      }
      for (const sample of samples) {
        const name = `${id} ${action}${sample.label ? ` (${sample.label})` : ''}`;
        const input = { ruleset: id, action, ...sample.input, exact: true };
        const first = resolveScenario(input);
        if (!first.ok) {
          rows.push([name, '–', '', `sample rejected: ${first.error.field}: ${first.error.problem}`]);
          continue;
        }
        const keys = Object.keys((first.output.odds as object | undefined) ?? {}).length;
        const ms = 1000 / opsPerSecond(() => resolveScenario(input), 200);
        rows.push([name, fmt(ms, 3), String(keys), `${verdict(ms <= AIM_ODDS_MS)} (aim ≤ ${AIM_ODDS_MS} ms)`]);
      }
    }
  }
  return rows;
}

// 3. Cold start: the compiled command against plain Node, interleaved so load hits both alike.
function coldStart(runs = 15): string[][] {
  const main = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
  const scenario = JSON.stringify({ ruleset: 'vtorzhenie', action: 'virtual-shot', distance_cm: 44, shooter: { power: 3 }, target: { armour: 3, stamina: 1 } });
  const time = (args: string[], input?: string): number => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { input: input ?? '', encoding: 'utf8' });
    const ms = performance.now() - t0;
    if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
    return ms;
  };
  const plain: number[] = [];
  const resolve: number[] = [];
  for (let i = 0; i < runs; i++) {
    plain.push(time(['-e', '0']));
    resolve.push(time([main, 'resolve', '-'], scenario));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const ratio = median(resolve) / median(plain);
  return [
    ['node -e 0 (baseline)', fmt(median(plain), 1), '', ''],
    ['shagomer resolve - (virtual shot)', fmt(median(resolve), 1), `× ${fmt(ratio, 2)}`, `${verdict(ratio <= AIM_COLD_RATIO)} (aim ≤ ${AIM_COLD_RATIO}×)`],
  ];
}

console.log('Shagomer engine bench (Node %s, %s)\n', process.version, new Date().toISOString());
console.log(table(['in-process resolutions', 'per second', 'aim', ''], resolutions()));
console.log();
console.log(table(['exact odds (resolve with "exact": true)', 'ms each', 'keys', ''], exactOdds()));
console.log();
console.log(table(['cold start, median of 15', 'ms', 'ratio', ''], coldStart()));
