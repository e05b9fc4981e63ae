import { z } from 'zod';
import { defineAction } from '../game-system.js';
import { commanderTest, Leadership } from './commander-test.js';
import type { StalnayaVoynaData } from './data-schema.js';
import { SvDie } from './dice-names.js';
import { MORALE_STATES, MoraleState } from './mechanics-schema.js';

const ThreatFrom = z
  .object({
    /** Attacking figures; cavalry charging «в клинки» are counted in `cavalry`, not here. */
    attackers: z.int().nonnegative().default(0),
    cavalry: z.int().nonnegative().default(0),
    defenders: z.int().positive(),
    /** «Страшные» attackers (Кено's Guard, riders «в клинки», berserkers): every modifier doubles. */
    terrifying: z.boolean().default(false),
    /** Casualties of a melee just fought (+1 each). */
    melee_casualties: z.int().nonnegative().default(0),
    /** Any other threat the club counts, added before doubling. */
    other: z.int().default(0),
  })
  .strict();
type ThreatFrom = z.infer<typeof ThreatFrom>;

/**
 * The threat of an attack: more attackers than defenders +1, twice as many +2, three times +3…
 * (a rider counts as two), +1 per melee casualty, everything doubled by «страшные» attackers.
 */
export function threatOf(t: ThreatFrom, rules: StalnayaVoynaData['morale']): number {
  const attackers = t.attackers + rules.cavalry_counts_as.value * t.cavalry;
  const ratio = attackers > t.defenders ? Math.max(1, Math.floor(attackers / t.defenders)) : 0;
  const base = ratio * rules.threat_per_multiple.value + t.melee_casualties * rules.threat_per_melee_casualty.value + t.other;
  return t.terrifying ? base * rules.terrifying_multiplier.value : base;
}

/** The morale state after a failed test, never past the last. */
export function moraleAfterFailure(state: MoraleState, steps: number): MoraleState {
  return MORALE_STATES[Math.min(MORALE_STATES.length - 1, MORALE_STATES.indexOf(state) + steps)] as MoraleState;
}

const MoraleInput = z
  .object({
    quality: SvDie,
    leadership: Leadership,
    morale: MoraleState,
    /** The threat as a number, or what it is made of. */
    threat: z.int().optional(),
    threat_from: ThreatFrom.optional(),
  })
  .strict()
  .refine((m) => m.threat === undefined || m.threat_from === undefined, { message: 'give threat or threat_from, not both', path: ['threat_from'] });

/**
 * The morale test (the seed's section is lost; ruleset default): quality die > leadership +
 * threat. A failure lowers morale one state and the unit falls back to 6" from its attackers.
 */
export const moraleAction = defineAction({
  input: MoraleInput,
  resolve(input, dice, data: StalnayaVoynaData) {
    const rules = data.morale;
    const threat = input.threat ?? (input.threat_from ? threatOf(input.threat_from, rules) : 0);
    const t = commanderTest(dice, input.quality, input.leadership + threat);
    const morale = t.passed ? input.morale : moraleAfterFailure(input.morale, rules.states_lost_on_failure.value);
    return { threat, needed_above: t.above, passed: t.passed, morale, falls_back_in: t.passed ? 0 : rules.retreat_in.value };
  },
});
