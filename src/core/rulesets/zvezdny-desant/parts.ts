import { zvezdnyDesantCatalogue } from './catalogue.js';
import { zvezdnyDesantLabels } from './labels.js';
import { zvezdnyDesantTableActions } from './table-actions.js';
import { zvezdnyDesantAttacks, zvezdnyDesantTableKind } from './table-play.js';
import tableRules from './table-rules.json' with { type: 'json' };
import { zvezdnyDesantTurn } from './turn-rules.js';

/** Everything of the plugin but its data and actions (`system.ts` holds those). No real launchers. */
export const zvezdnyDesantParts = {
  labels: zvezdnyDesantLabels,
  tableRules,
  catalogue: zvezdnyDesantCatalogue,
  turn: zvezdnyDesantTurn,
  realShots: null,
  attacks: zvezdnyDesantAttacks,
  tableActions: zvezdnyDesantTableActions,
  tableKind: zvezdnyDesantTableKind,
};
