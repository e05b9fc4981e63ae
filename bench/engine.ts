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
    { label: 'weapon by id, mode, limits', input: { distance_cm: 30, shooter: { weapon: 'assault-rifle', mode: 'burst', shots_fired: 1, declared_weapon: 'assault-rifle' }, target: { armour: 2, stamina: 1, cover: 'partial' } } },
  ],
  'vtorzhenie/real-shot': [{ input: { target: { kind: 'vehicle', stamina: 3 }, hit: true, fell: true } }],
  'vtorzhenie/close-combat': [
    { label: 'ties rolled again', input: { attackers: [{ cc: 4, armour: 3, attack_dice: 2 }], defenders: [{ cc: 1, armour: 3, defence_dice: 2 }] } },
    { label: 'scored fighters', input: { attackers: [{ id: 'n', kind: 'cyborg', cc: 2, armour: 4, damage: 1 }], defenders: [{ id: 't', cc: 4, armour: 3, defence_dice: 2 }] } },
  ],
  'vtorzhenie/blast': [{ label: '2 victims, a vehicle', input: { weapon: 'grenade-launcher', victims: [{ id: 'a', distance_cm: 8, armour: 3, stamina: 1 }, { id: 'v', distance_cm: 4, armour: 7, stamina: 3, vehicle: true }] } }],
  'vtorzhenie/close-combat-vehicle': [{ input: { attackers: [{ cc: 4, attack_dice: 2 }, { cc: 1 }], vehicle: { side: 'side', damage: 1 } } }],
  'vtorzhenie/ram': [{ label: 'ties rolled again', input: { rammer: {}, target: { kind: 'vehicle', side: 'front' } } }],
  'vtorzhenie/stand-up': [{ input: { kind: 'vehicle', at_start_of_turn: true } }],
  'vtorzhenie/first-player': [{ input: {} }],
  'bronepekhota/measure': [{ input: { distance_cm: 18 } }],
  'bronepekhota/grenade-throw': [{ input: { distance_cm: 8, thrower: { weapon_class: 'light' }, target: { armour: 4, kind: 'cyborg', damage: 1 } } }],
  'bronepekhota/allowance': [{ input: { unit_type: 'mobile-gun', damage: 2, own_turns_since_critical: 1 } }],
  'bronepekhota/first-player': [{ input: {} }],
  'bronepekhota/virtual-shot': [
    { label: 'volley', input: { distance_cm: 12, shooters: [{ shooting: 3, range_steps: 8 }, { shooting: 3, range_steps: 8 }], target: { armour: 4, kind: 'infantry' } } },
    { label: '3 troopers, grenades, a walker', input: { distance_cm: 8, shooters: [{ weapons: ['smg', 'pistol'] }, { weapons: ['assault-rifle'] }, { weapons: ['rocket'] }], target: { armour: 6, kind: 'vehicle', unit_type: 'walker', damage: 2 }, grenades: true } },
  ],
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
  // Issue 10: Звездный Десант's orders, charges, melees of several units and panic.
  'zvezdny-desant/orders': [{ input: { first_player: 'A', units: [{ id: 'a1', player: 'A', order: 'attack', initiative: 7 }, { id: 'a2', player: 'A', order: 'move', initiative: 4 }, { id: 'b1', player: 'B', order: 'defence', initiative: 10 }], lowered: [{ id: 'a1', by: 1 }] } }],
  'zvezdny-desant/order-check': [{ input: { order: 'attack', conduct: 'shoot-then-charge' } }],
  'zvezdny-desant/charge': [{ input: { order: 'attack', models: Array.from({ length: 10 }, (_, i) => ({ gap_steps: 4 + i, pdv: 6 })) } }],
  'zvezdny-desant/consolidate': [{ input: { first_player: 'A', units: [{ id: 'a', player: 'A', models: [{ gap_steps: 0, pdv: 6 }, { gap_steps: 5, pdv: 6 }] }, { id: 'b', player: 'B', models: [{ gap_steps: 2, pdv: 4 }] }] } }],
  'zvezdny-desant/multi-melee': [
    {
      label: '3 units, 26 strikes',
      input: {
        units: [
          { id: 'a1', player: 'A', models: 6, in_contact: 3, bsp: 9, stk: 1 },
          { id: 'a2', player: 'A', models: 4, in_contact: 2, bsp: 12, stk: 2 },
          { id: 'b1', player: 'B', models: 8, in_contact: 5, bsp: 10, stk: 1 },
        ],
        strikes: [
          { from: 'a1', to: 'b1', strikers: 6 },
          { from: 'a2', to: 'b1', strikers: 4, strikes_per_model: 2 },
          { from: 'b1', to: 'a1', strikers: 5 },
          { from: 'b1', to: 'a2', strikers: 3 },
        ],
      },
    },
  ],
  'zvezdny-desant/panic-test': [{ input: { ldr: 12, reroll_failed: true } }],
  // Issue 10: the rest of Стальная война.
  'stalnaya-voyna/unsuppress': [{ input: { quality: 'd6', leadership: 1, suppression: 2 } }],
  'stalnaya-voyna/charge-test': [{ input: { quality: 'd8', leadership: 2, morale: 'steady' } }],
  'stalnaya-voyna/charge-reach': [{ input: { gap_in: 2 } }],
  'stalnaya-voyna/paired-melee': [
    { label: '10 pairs of d12', input: { fights: Array.from({ length: 10 }, () => ({ attackers: [{ quality: 'd12' }], defenders: [{ quality: 'd12' }] })) } },
    { label: '4 × three d12 on one', input: { fights: Array.from({ length: 4 }, () => ({ attackers: [{ quality: 'd12' }, { quality: 'd12' }, { quality: 'd12' }], defenders: [{ quality: 'd10' }] })) } },
  ],
  'stalnaya-voyna/morale': [{ input: { quality: 'd8', leadership: 2, morale: 'steady', threat_from: { attackers: 9, defenders: 4, terrifying: true } } }],
  'stalnaya-voyna/lie-down': [{ input: {} }],
  'stalnaya-voyna/stand-up': [{ input: { by: 'test', quality: 'd6', leadership: 2 } }],
  'stalnaya-voyna/casualty': [{ input: { power: 'd10', target: { kind: 'robot', robot_wounded: true } } }],
  'stalnaya-voyna/backpack-explosion': [{ label: '8 figures within 4"', input: { power: 'd12', figures: Array.from({ length: 8 }, (_, i) => ({ id: `f${i}`, distance_in: i / 2 })) } }],
  'stalnaya-voyna/weapon-check': [{ input: { weapon: { ammunition: 'grenade-launcher', heavy_infantry: true, emplaced: true }, fired_this_activation: 1, shots_fired_in_battle: 2 } }],
  'stalnaya-voyna/guided-missile': [{ input: { shooter: { quality: 'd8', guidance: 'd12' }, target: { evasion: 'd10' } } }],
  'stalnaya-voyna/transport': [{ input: { operation: 'load', farthest_in: 5, passengers: 6, capacity_left: 8 } }],
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
