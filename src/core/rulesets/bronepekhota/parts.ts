import { bronepekhotaCatalogue } from './catalogue.js';
import { bronepekhotaLabels } from './labels.js';
import { bronepekhotaAttacks, bronepekhotaRealShots, bronepekhotaTableKind } from './table-play.js';
import tableRules from './table-rules.json' with { type: 'json' };
import { bronepekhotaTurn } from './turn-rules.js';

/** Everything of the plugin but its data and actions (`system.ts` holds those). */
export const bronepekhotaParts = {
  labels: bronepekhotaLabels,
  tableRules,
  catalogue: bronepekhotaCatalogue,
  turn: bronepekhotaTurn,
  realShots: bronepekhotaRealShots,
  attacks: bronepekhotaAttacks,
  /** Filled by the table-action builders of this system (issue 12). */
  tableActions: [],
  tableKind: bronepekhotaTableKind,
};
