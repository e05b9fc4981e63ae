import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { defineAction } from '../game-system.js';
import { FieldError } from '../../validation/field-error.js';
import { armourDie, CasualtyTarget, casualtyOutcome, woundDice, type CasualtyOutput } from './casualty.js';
import type { StalnayaVoynaData } from './data-schema.js';
import { SvDie } from './dice-names.js';
import type { WoundResult } from './wound.js';

const Bystander = z
  .object({
    id: z.string().min(1).max(64),
    /** From the flamethrower carrier, in inches. */
    distance_in: z.number().nonnegative(),
    target: CasualtyTarget.default({ kind: 'infantry', robot_wounded: false }),
  })
  .strict();

const BackpackInput = z
  .object({
    /** The flamethrower's power die: every figure within the radius takes a flamethrower hit. */
    power: SvDie,
    figures: z
      .array(Bystander)
      .max(40)
      .superRefine((fs, ctx) => {
        const seen = new Set<string>();
        fs.forEach((f, i) => {
          if (seen.has(f.id)) ctx.addIssue({ code: 'custom', message: `"${f.id}" appears twice`, path: [i, 'id'] });
          seen.add(f.id);
        });
      }),
  })
  .strict();

/** Figures a blast may reach at once: each adds a yes/no to the joint outcome. */
const MAX_IN_RADIUS = 10;

/**
 * Кено's «Ашанмортанг» backpack flamethrower explodes when a hit falls on its carrier: no wound
 * test for him, he dies; every figure within 4" takes a flamethrower hit (wounded at least, the
 * dice decide «убит»). Victims are rolled in the order given, power die then armour die each.
 */
export const backpackExplosionAction = defineAction({
  input: BackpackInput,
  resolve(input, dice, data: StalnayaVoynaData) {
    const radius = data.flamethrower.backpack_radius_in.value;
    const caught = input.figures.map((f, i) => ({ f, i })).filter(({ f }) => f.distance_in <= radius + 1e-9);
    if (caught.length > MAX_IN_RADIUS) throw new FieldError('figures', `at most ${MAX_IN_RADIUS} figures within ${radius}" (got ${caught.length})`);
    const armours = caught.map(({ f, i }) => armourDie(f.target, false, data, `figures[${i}].target`));
    const auto = data.flamethrower.automatic_wound.value;
    // Each victim's dice are one part of a one-hot vector (killed, then wounded when a club turns
    // the automatic wound off): the joint outcome has one branch per set of results, whatever
    // the faces, and each victim's two dice are walked once.
    const n = caught.length;
    const flags = dice.sumOf(
      caught.map((_, k) => (d: Dice) => {
        const v = new Array<number>(auto ? n : 2 * n).fill(0);
        const r = woundDice(d, input.power, armours[k] as string, true, data);
        if (r === 'killed') v[k] = 1;
        else if (!auto && r === 'wounded') v[n + k] = 1;
        return v;
      }),
    );
    // `outcome` by figure carries the odds; the full record of each figure (with what later
    // events must know) is a list, which the contract's odds leave out.
    const outcome: Record<string, string> = {};
    const figures: (Pick<CasualtyOutput, 'out_of_action' | 'counts_as_loss' | 'later'> & { id: string })[] = [];
    caught.forEach(({ f }, k) => {
      const result: WoundResult = flags[k] === 1 ? 'killed' : auto || flags[n + k] === 1 ? 'wounded' : 'unharmed';
      const c = casualtyOutcome(result, f.target, armours[k] as string, data);
      outcome[f.id] = c.outcome;
      figures.push({ id: f.id, out_of_action: c.out_of_action, counts_as_loss: c.counts_as_loss, later: c.later });
    });
    const killed = caught.filter((_, k) => flags[k] === 1).length;
    return {
      carrier: 'killed',
      caught: caught.map(({ f }) => f.id),
      outcome,
      figures,
      killed,
    };
  },
});
