import type { GameSystem } from '../game-system.js';
import { allowanceAction } from './allowance.js';
import { closeCombatAction } from './close-combat.js';
import { bronepekhotaParts } from './parts.js';
import { bronepekhotaSchema, type BronepekhotaData } from './data-schema.js';
import { firstPlayerAction } from './first-player.js';
import { grenadeThrowAction } from './grenades.js';
import { realShotAction } from './real-shot.js';
import raw from './ruleset.json' with { type: 'json' };
import { virtualShotAction } from './virtual-shot.js';

export { bronepekhotaSchema, type BronepekhotaData } from './data-schema.js';

export const bronepekhota: GameSystem<BronepekhotaData> = {
  id: 'bronepekhota',
  ...bronepekhotaParts,
  get schema() {
    return bronepekhotaSchema();
  },
  /**
   * The shipped file is not re-checked at every start (tests parse it with the schema and
   * require the result to equal the file); clubs' files always are.
   */
  data: raw as unknown as BronepekhotaData,
  actions: {
    'virtual-shot': virtualShotAction,
    /** A squad volley is a virtual attack by several troopers at one target (the table's volley). */
    volley: virtualShotAction,
    'real-shot': realShotAction,
    'close-combat': closeCombatAction,
    'grenade-throw': grenadeThrowAction,
    allowance: allowanceAction,
    'first-player': firstPlayerAction,
  },
};
