import { stalnayaVoynaCatalogue } from './catalogue.js';
import { stalnayaVoynaLabels } from './labels.js';
import { stalnayaVoynaTableActions } from './table-actions.js';
import { stalnayaVoynaAttacks, stalnayaVoynaTableKind } from './table-play.js';
import tableRules from './table-rules.json' with { type: 'json' };
import { stalnayaVoynaTurn } from './turn-rules.js';

/** Everything of the plugin but its data and actions (`system.ts` holds those). No real launchers. */
export const stalnayaVoynaParts = {
  labels: stalnayaVoynaLabels,
  tableRules,
  catalogue: stalnayaVoynaCatalogue,
  turn: stalnayaVoynaTurn,
  realShots: null,
  attacks: stalnayaVoynaAttacks,
  tableActions: stalnayaVoynaTableActions,
  tableKind: stalnayaVoynaTableKind,
};
