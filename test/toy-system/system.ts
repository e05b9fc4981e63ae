import { z } from 'zod';
import { defineCatalogue } from '../../src/core/rulesets/catalogue.js';
import { defineAction, type GameSystem, type RulesetDataBase } from '../../src/core/rulesets/game-system.js';
import { COMMON_FIELDS, COMMON_STATES } from '../../src/core/rulesets/labels.js';
import { DistanceRulesSchema } from '../../src/core/measure/distance-rules.js';
import tableRules from './table-rules.json' with { type: 'json' };

/**
 * «Дуэль», a toy fifth system that exists only to prove the plugin interface: a folder, a
 * `GameSystem` object, registered at test time. A zap hits on D6 ≥ `hit_on` and does 1 damage;
 * a launcher hit does 1 damage, a fall 2. Players alternate turns; a unit moves, then zaps.
 */
interface ToyData extends RulesetDataBase {
  hit_on: number;
}

const ToySchema: z.ZodType<ToyData> = z
  .object({ id: z.literal('toy-duel'), name_ru: z.string(), name_en: z.string(), distance: DistanceRulesSchema, hit_on: z.int().min(1).max(6) })
  .strict();

const data: ToyData = {
  id: 'toy-duel',
  name_ru: 'Дуэль',
  name_en: 'Duel',
  distance: {
    unit_cm: { value: 2.5, source: 'default' },
    rounding: { value: 'none', source: 'default' },
    close_combat: { value: { max: 1, unit: 'steps', inclusive: true }, source: 'default' },
  },
  hit_on: 4,
};

const Target = z.object({ hp: z.int().positive(), damage: z.int().nonnegative().default(0) }).strict();

const zap = defineAction({
  input: z.object({ target: Target }).strict(),
  resolve(input, dice, d: ToyData) {
    const hit = dice.roll(6) >= d.hit_on;
    const damage = input.target.damage + (hit ? 1 : 0);
    return { hit, damage, destroyed: damage >= input.target.hp };
  },
});

const launcher = defineAction({
  input: z.object({ target: Target, hit: z.boolean(), fell: z.boolean() }).strict(),
  resolve(input) {
    const damage = input.target.damage + (input.hit ? (input.fell ? 2 : 1) : 0);
    const destroyed = damage >= input.target.hp;
    return { damage, destroyed, fallen: input.fell, next_turn: destroyed ? 'destroyed' : input.fell ? 'skip' : 'normal' };
  },
});

export const toyDuel: GameSystem<ToyData> = {
  id: 'toy-duel',
  labels: {
    name: { ru: 'Дуэль', en: 'Duel' },
    unit: { ru: { one: 'дуэлянт', few: 'дуэлянта', many: 'дуэлянтов' }, en: { one: 'duellist', other: 'duellists' } },
    figure: { ru: { one: 'фигурка', few: 'фигурки', many: 'фигурок' }, en: { one: 'figure', other: 'figures' } },
    actions: { zap: { ru: 'разряд', en: 'zap' }, launcher: { ru: 'пускатель', en: 'launcher' } },
    fields: { ...COMMON_FIELDS, hit: { ru: 'попадание', en: 'hit' } },
    states: COMMON_STATES,
    phases: { move: { ru: 'шаг', en: 'step' }, zap: { ru: 'разряд', en: 'zap' } },
  },
  schema: ToySchema,
  data,
  tableRules,
  catalogue: defineCatalogue({
    weapons: { wand: { label: { ru: 'Жезл', en: 'Wand' }, range_steps: 10, stats: {}, source: 'default' } },
    limits: { points_max: 10, figures_max: null, units_min: 1, units_max: 3, source: 'default' },
    unit_types: [{ id: 'duellist', label: { ru: 'Дуэлянт', en: 'Duellist' }, kind: 'vehicle', figures: { min: 1, max: 1, default: 1 }, points_per_figure: 4, armour: 0, stamina: 2, speed_steps: 4, base_mm: 30, height_mm: 40, weapons: ['wand'], sensors: ['hit', 'tilt', 'launcher'], source: 'default' }],
  }),
  turn: { order: 'player-turn', phases: ['move', 'zap'], phasesOrdered: true, actionPhases: { zap: 'zap', launcher: 'zap' }, movePhase: 'move', firePhases: ['zap'], initiativePointsPerTurn: null, source: 'default' },
  realShots: {
    action: 'launcher',
    ricochet: false,
    input: (t, shot) => ({ target: { hp: t.stamina, damage: t.damage }, hit: shot.hit, fell: shot.fell }),
    outcome: (o) => {
      const { damage, destroyed, fallen, next_turn: next } = o;
      if (typeof damage !== 'number' || typeof destroyed !== 'boolean' || typeof fallen !== 'boolean' || typeof next !== 'string') return 'bad output';
      return { damage, destroyed, fallen, nextTurn: next, critical: false, diceUsed: [] };
    },
  },
  tableActions: [],
  attacks: { input: (_s, t) => ({ ok: true, action: 'zap', harmKey: 'hit=true', input: { target: { hp: t.stamina, damage: t.damage } } }) },
  tableKind: ({ kind }) => (kind === 'vehicle' ? 'vehicle' : 'infantry'),
  actions: { zap, launcher },
};
