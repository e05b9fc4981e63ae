import type { GameSystem } from '../game-system.js';
import { blastAction } from './blast.js';
import { closeCombatAction } from './close-combat.js';
import { vtorzhenieParts } from './parts.js';
import { vtorzhenieSchema, type VtorzhenieData } from './data-schema.js';
import { firstPlayerAction } from './first-player.js';
import { standUpAction } from './movement.js';
import { realShotAction } from './real-shot.js';
import raw from './ruleset.json' with { type: 'json' };
import { closeCombatVehicleAction, ramAction } from './vehicle-combat.js';
import { virtualShotAction } from './virtual-shot.js';

export { vtorzhenieSchema, type VtorzhenieData } from './data-schema.js';

export const vtorzhenie: GameSystem<VtorzhenieData> = {
  id: 'vtorzhenie',
  ...vtorzhenieParts,
  get schema() {
    return vtorzhenieSchema();
  },
  /**
   * The shipped file is not re-checked at every start (tests parse it with the schema and
   * require the result to equal the file); clubs' files always are.
   */
  data: raw as unknown as VtorzhenieData,
  actions: {
    'virtual-shot': virtualShotAction,
    'real-shot': realShotAction,
    'close-combat': closeCombatAction,
    blast: blastAction,
    'close-combat-vehicle': closeCombatVehicleAction,
    ram: ramAction,
    'stand-up': standUpAction,
    'first-player': firstPlayerAction,
  },
};
