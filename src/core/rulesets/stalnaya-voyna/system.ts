import type { GameSystem } from '../game-system.js';
import { commanderLostAction, meleeCasualtyAction, reorganiseAction } from './after-effects.js';
import { stalnayaVoynaSchema, type StalnayaVoynaData } from './data-schema.js';
import { fireAction } from './fire.js';
import { stalnayaVoynaParts } from './parts.js';
import raw from './ruleset.json' with { type: 'json' };
import { woundAction } from './wound.js';
import { backpackExplosionAction } from './flamethrower.js';
import { casualtyAction } from './casualty.js';
import { chargeReachAction, chargeTestAction } from './charge-test.js';
import { guidedMissileAction } from './guided-missile.js';
import { moraleAction } from './morale.js';
import { pairedMeleeAction } from './paired-melee.js';
import { lieDownAction, standUpAction } from './prone.js';
import { transportAction } from './transport.js';
import { unsuppressAction } from './unsuppress.js';
import { weaponCheckAction } from './weapon-check.js';

export { stalnayaVoynaSchema, type StalnayaVoynaData } from './data-schema.js';

export const stalnayaVoyna: GameSystem<StalnayaVoynaData> = {
  id: 'stalnaya-voyna',
  ...stalnayaVoynaParts,
  schema: stalnayaVoynaSchema,
  // The shipped file is not re-parsed at start (cold start); a test holds it to the schema.
  data: raw as unknown as StalnayaVoynaData,
  actions: {
    fire: fireAction,
    wound: woundAction,
    'melee-casualty': meleeCasualtyAction,
    reorganise: reorganiseAction,
    'commander-lost': commanderLostAction,
    // Issue 10: the rest of the seed's mechanics.
    unsuppress: unsuppressAction,
    'charge-test': chargeTestAction,
    'charge-reach': chargeReachAction,
    'paired-melee': pairedMeleeAction,
    morale: moraleAction,
    'lie-down': lieDownAction,
    'stand-up': standUpAction,
    casualty: casualtyAction,
    'backpack-explosion': backpackExplosionAction,
    'weapon-check': weaponCheckAction,
    'guided-missile': guidedMissileAction,
    transport: transportAction,
  },
};
