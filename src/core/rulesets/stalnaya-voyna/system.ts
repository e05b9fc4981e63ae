import type { GameSystem } from '../game-system.js';
import { commanderLostAction, meleeCasualtyAction, reorganiseAction } from './after-effects.js';
import { stalnayaVoynaSchema, type StalnayaVoynaData } from './data-schema.js';
import { fireAction } from './fire.js';
import { stalnayaVoynaParts } from './parts.js';
import raw from './ruleset.json' with { type: 'json' };
import { woundAction } from './wound.js';

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
  },
};
