import type { GameSystem } from '../game-system.js';
import { activationOrderAction } from './activation-order.js';
import { zvezdnyDesantSchema, type ZvezdnyDesantData } from './data-schema.js';
import { meleeAction } from './melee.js';
import { zvezdnyDesantParts } from './parts.js';
import raw from './ruleset.json' with { type: 'json' };
import { toHitAction } from './to-hit.js';
import { woundTestAction } from './wound-test.js';
import { chargeAction, consolidateAction } from './closing-in.js';
import { multiMeleeAction } from './multi-melee.js';
import { orderCheckAction, ordersAction } from './orders.js';
import { panicTestAction } from './panic.js';
import { shootAction } from './shoot.js';

export { zvezdnyDesantSchema, type ZvezdnyDesantData } from './data-schema.js';

export const zvezdnyDesant: GameSystem<ZvezdnyDesantData> = {
  id: 'zvezdny-desant',
  ...zvezdnyDesantParts,
  schema: zvezdnyDesantSchema,
  // The shipped file is not re-parsed at start (cold start); a test holds it to the schema.
  data: raw as unknown as ZvezdnyDesantData,
  actions: {
    'wound-test': woundTestAction,
    'activation-order': activationOrderAction,
    melee: meleeAction,
    'to-hit': toHitAction,
    // Issue 12: a unit's whole fire with one weapon, to-hit and wound tests at once (the app's attack).
    shoot: shootAction,
    // Issue 10: orders, charges, melees of several units, panic.
    orders: ordersAction,
    'order-check': orderCheckAction,
    charge: chargeAction,
    consolidate: consolidateAction,
    'multi-melee': multiMeleeAction,
    'panic-test': panicTestAction,
  },
};
