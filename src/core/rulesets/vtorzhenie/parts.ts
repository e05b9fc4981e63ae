import { vtorzhenieCatalogue } from './catalogue.js';
import { vtorzhenieLabels } from './labels.js';
import { vtorzhenieAttacks, vtorzhenieRealShots, vtorzhenieTableKind } from './table-play.js';
import tableRules from './table-rules.json' with { type: 'json' };
import { vtorzhenieTurn } from './turn-rules.js';
import { vtorzhenieTableActions } from './table-actions.js';

/** Everything of the plugin but its data and actions (`system.ts` holds those). */
export const vtorzhenieParts = {
  labels: vtorzhenieLabels,
  tableRules,
  catalogue: vtorzhenieCatalogue,
  turn: vtorzhenieTurn,
  realShots: vtorzhenieRealShots,
  attacks: vtorzhenieAttacks,
  /** Close combat, against a vehicle, ramming, a blast around a point, standing up. */
  tableActions: vtorzhenieTableActions,
  tableKind: vtorzhenieTableKind,
};
