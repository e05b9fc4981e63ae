import { bandFor, inCloseCombat, stepsFor } from '../measure/measure.js';
import type { Table, TableModel } from './table.js';

export interface PairMeasure {
  /** Centre to centre on the table plane. */
  distanceMm: number;
  /** Base edge to base edge on the table plane (0 when bases touch or overlap). */
  gapMm: number;
  /** By the system's convention (from the head, base edge…): what steps and band read. */
  measuredMm: number;
  steps: number;
  band: string | null;
  closeCombat: boolean;
}

/**
 * A head, cockpit or turret stands above the base centre, so on the table plane measuring
 * "from the head" starts at the centre; the height itself does not lengthen the tape.
 */
export function measurePair(table: Table, from: TableModel, to: TableModel): PairMeasure {
  const distanceMm = Math.hypot(to.xMm - from.xMm, to.yMm - from.yMm);
  const gapMm = Math.max(0, distanceMm - from.radiusMm - to.radiusMm);
  const m = table.rules.measure.value;
  const fromOffsetMm = m.from === 'base-edge' ? from.radiusMm : 0;
  const toOffsetMm = m.to === 'base-edge' ? to.radiusMm : 0;
  const measuredMm = Math.max(0, distanceMm - fromOffsetMm - toOffsetMm);
  const measuredCm = measuredMm / 10;
  return {
    distanceMm,
    gapMm,
    measuredMm,
    steps: stepsFor(measuredCm, table.distance),
    band: bandFor(measuredCm, table.distance)?.id ?? null,
    // Contact is between the models themselves, so every system judges it on the gap.
    closeCombat: inCloseCombat(gapMm / 10, table.distance),
  };
}
