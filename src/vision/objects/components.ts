/** 8-connected blobs of a 0/1 mask with the statistics the object filter needs. */

export interface Blob {
  label: number;
  /** Cell indices (row * cols + col). */
  cells: Int32Array;
  minCol: number;
  maxCol: number;
  minRow: number;
  maxRow: number;
  /** Touches the border of the grid (the table edge or the edge of the camera's view). */
  touchesEdge: boolean;
}

export function findBlobs(mask: Uint8Array, cols: number, rows: number, visible: (cell: number) => boolean): Blob[] {
  const labels = new Int32Array(mask.length);
  const stack = new Int32Array(mask.length);
  const blobs: Blob[] = [];
  const collected: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] === 0 || labels[start] !== 0) continue;
    const label = blobs.length + 1;
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    collected.length = 0;
    let minCol = cols;
    let maxCol = -1;
    let minRow = rows;
    let maxRow = -1;
    let touchesEdge = false;
    while (top > 0) {
      const p = stack[--top] as number;
      collected.push(p);
      const r = (p / cols) | 0;
      const c = p - r * cols;
      if (c < minCol) minCol = c;
      if (c > maxCol) maxCol = c;
      if (r < minRow) minRow = r;
      if (r > maxRow) maxRow = r;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          if (dr === 0 && dc === 0) continue;
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) {
            touchesEdge = true;
            continue;
          }
          const q = rr * cols + cc;
          if (!visible(q)) touchesEdge = true;
          if (mask[q] === 0 || labels[q] !== 0) continue;
          labels[q] = label;
          stack[top++] = q;
        }
      }
    }
    blobs.push({ label, cells: Int32Array.from(collected), minCol, maxCol, minRow, maxRow, touchesEdge });
  }
  return blobs;
}

/** The bounding box, in grid columns and rows, of cells given as row-major indices. */
export interface CellBounds {
  minC: number;
  minR: number;
  w: number;
  h: number;
}

export function cellBounds(cells: Int32Array, cols: number): CellBounds {
  let minC = Infinity, maxC = -Infinity, minR = Infinity, maxR = -Infinity;
  for (const p of cells) {
    const r = (p / cols) | 0;
    const c = p - r * cols;
    if (c < minC) minC = c;
    if (c > maxC) maxC = c;
    if (r < minR) minR = r;
    if (r > maxR) maxR = r;
  }
  return { minC, minR, w: maxC - minC + 1, h: maxR - minR + 1 };
}
