import type { GameSystem } from '../game-system.js';
import { closeCombatAction } from './close-combat.js';
import { vtorzhenieSchema, type VtorzhenieData } from './data-schema.js';
import { realShotAction } from './real-shot.js';
import raw from './ruleset.json' with { type: 'json' };
import { virtualShotAction } from './virtual-shot.js';

export { vtorzhenieSchema, type VtorzhenieData } from './data-schema.js';

let shipped: VtorzhenieData | undefined;

export const vtorzhenie: GameSystem<VtorzhenieData> = {
  id: 'vtorzhenie',
  schema: vtorzhenieSchema,
  /**
   * Checked on first use, without zod's compiled fast path: a one-off parse is 3–6× cheaper
   * that way, and `shagomer resolve` pays for the one system it uses, not for all four.
   */
  get data(): VtorzhenieData {
    return (shipped ??= vtorzhenieSchema.parse(raw, { jitless: true }));
  },
  actions: {
    'virtual-shot': virtualShotAction,
    'real-shot': realShotAction,
    'close-combat': closeCombatAction,
  },
};
