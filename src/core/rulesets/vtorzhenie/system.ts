import type { GameSystem } from '../game-system.js';
import { closeCombatAction } from './close-combat.js';
import { vtorzhenieSchema, type VtorzhenieData } from './data-schema.js';
import { realShotAction } from './real-shot.js';
import raw from './ruleset.json' with { type: 'json' };
import { virtualShotAction } from './virtual-shot.js';

export { vtorzhenieSchema, type VtorzhenieData } from './data-schema.js';

export const vtorzhenie: GameSystem<VtorzhenieData> = {
  id: 'vtorzhenie',
  schema: vtorzhenieSchema,
  data: vtorzhenieSchema.parse(raw),
  actions: {
    'virtual-shot': virtualShotAction,
    'real-shot': realShotAction,
    'close-combat': closeCombatAction,
  },
};
