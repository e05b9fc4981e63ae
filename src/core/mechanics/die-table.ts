/**
 * A result table read off one die ("1–2 killed, 3–4 wounded, 5–6 unharmed"), with a bonus that
 * may push the roll past the last row (a medic's +1 on a D6 still reads the top row).
 */
export interface DieTableRow<R extends string> {
  /** Lowest modified roll of this row; rows are in ascending order, the first starts at 1. */
  from: number;
  result: R;
}

export function readDieTable<R extends string>(rows: readonly DieTableRow<R>[], roll: number): R {
  let found = rows[0];
  if (!found) throw new RangeError('readDieTable: empty table');
  for (const row of rows) if (roll >= row.from) found = row;
  return found.result;
}
