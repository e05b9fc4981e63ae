import { bronepekhotaCatalogue } from './catalogue.js';
import { bronepekhotaLabels } from './labels.js';
import { bronepekhotaAttacks, bronepekhotaRealShots, bronepekhotaTableKind } from './table-play.js';
import tableRules from './table-rules.json' with { type: 'json' };
import { bronepekhotaTurn } from './turn-rules.js';
import { bronepekhotaTableActions } from './table-actions.js';

/** Everything of the plugin but its data and actions (`system.ts` holds those). */
export const bronepekhotaParts = {
  labels: bronepekhotaLabels,
  tableRules,
  catalogue: bronepekhotaCatalogue,
  turn: bronepekhotaTurn,
  realShots: bronepekhotaRealShots,
  attacks: bronepekhotaAttacks,
  /** Close combat one on one, a hand grenade, a squad volley. */
  tableActions: bronepekhotaTableActions,
  tableKind: bronepekhotaTableKind,
};
