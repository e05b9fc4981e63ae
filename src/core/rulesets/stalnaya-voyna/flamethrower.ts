import { z } from 'zod';
import type { Dice } from '../../dice/dice.js';
import { defineAction } from '../game-system.js';
import { prepared } from '../../mechanics/prepared.js';
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

interface BlastPlan {
  caught: { id: string; killed: Figure; wounded: Figure; unharmed: Figure }[];
  parts: ((dice: Dice) => number[])[];
  keys: string[];
  auto: boolean;
}

type Figure = Pick<CasualtyOutput, 'outcome' | 'out_of_action' | 'counts_as_loss' | 'later'> & { id: string };

function planBlast(input: z.infer<typeof BackpackInput>, data: StalnayaVoynaData): BlastPlan {
  const radius = data.flamethrower.backpack_radius_in.value;
  const caught = input.figures.map((f, i) => ({ f, i })).filter(({ f }) => f.distance_in <= radius + 1e-9);
  if (caught.length > MAX_IN_RADIUS) throw new FieldError('figures', `at most ${MAX_IN_RADIUS} figures within ${radius}" (got ${caught.length})`);
  const auto = data.flamethrower.automatic_wound.value;
  const n = caught.length;
  const armours = caught.map(({ f, i }) => armourDie(f.target, false, data, `figures[${i}].target`));
  const figure = (id: string, target: CasualtyTarget, armour: string, result: WoundResult): Figure => {
    const c = casualtyOutcome(result, target, armour, data);
    return { id, outcome: c.outcome, out_of_action: c.out_of_action, counts_as_loss: c.counts_as_loss, later: c.later };
  };
  // Each victim's dice are one part of a one-hot vector (killed, then wounded when a club turns
  // the automatic wound off): the joint outcome has one branch per set of results, whatever
  // the faces, and each victim's two dice are walked once.
  return {
    auto,
    caught: caught.map(({ f }, k) => ({
      id: f.id,
      killed: figure(f.id, f.target, armours[k] as string, 'killed'),
      wounded: figure(f.id, f.target, armours[k] as string, 'wounded'),
      unharmed: figure(f.id, f.target, armours[k] as string, 'unharmed'),
    })),
    parts: armours.map((armour, k) => (d: Dice) => {
      const v = new Array<number>(auto ? n : 2 * n).fill(0);
      const r = woundDice(d, input.power, armour, true, data);
      if (r === 'killed') v[k] = 1;
      else if (!auto && r === 'wounded') v[n + k] = 1;
      return v;
    }),
    keys: armours.map((armour, k) => `sv-blast:${input.power}:${armour}:${auto}:${k}/${n}`),
  };
}

/**
 * Кено's «Ашанмортанг» backpack flamethrower explodes when a hit falls on its carrier: no wound
 * test for him, he dies; every figure within 4" takes a flamethrower hit (wounded at least, the
 * dice decide «убит»). Victims are rolled in the order given, power die then armour die each.
 * `outcome` by figure; `losses` counts those that are losses for morale; `later` lists, for each
 * figure still in action (a robot stopped, a suit wearer now plain infantry), what later events
 * must know about it (a list: the contract's odds stay per outcome).
 */
export const backpackExplosionAction = defineAction({
  input: BackpackInput,
  resolve(input, dice, data: StalnayaVoynaData) {
    const plan = prepared(input, data, () => planBlast(input, data));
    const n = plan.caught.length;
    const flags = dice.sumOf(plan.parts, plan.keys);
    const outcome: Record<string, string> = {};
    const later: (CasualtyOutput['later'] & { id: string })[] = [];
    let killed = 0;
    let losses = 0;
    plan.caught.forEach((c, k) => {
      const f = flags[k] === 1 ? c.killed : plan.auto || flags[n + k] === 1 ? c.wounded : c.unharmed;
      if (flags[k] === 1) killed++;
      if (f.counts_as_loss) losses++;
      outcome[c.id] = f.outcome;
      if (!f.out_of_action) later.push({ id: c.id, ...f.later });
    });
    return { carrier: 'killed', caught: plan.caught.map((c) => c.id), outcome, killed, losses, later };
  },
});
