/**
 * Where the table's labels go so that none covers another or a model: each label has places to
 * try in order (below its model first, then above, beside…); it takes the first clear of the
 * labels placed before it and of every model's disc, or, on a table too crowded for any, the
 * place it covers least. Pure geometry in canvas px; `table-canvas.ts` draws the result.
 */

/** A label's box by its centre. */
export interface LabelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Disc {
  x: number;
  y: number;
  r: number;
}

export interface LabelWanted {
  w: number;
  h: number;
  /** Centres to try, best first. */
  places: { x: number; y: number }[];
}

function boxOverlap(a: LabelBox, b: LabelBox): number {
  const ox = Math.min(a.x + a.w / 2, b.x + b.w / 2) - Math.max(a.x - a.w / 2, b.x - b.w / 2);
  const oy = Math.min(a.y + a.h / 2, b.y + b.h / 2) - Math.max(a.y - a.h / 2, b.y - b.h / 2);
  return ox > 0 && oy > 0 ? ox * oy : 0;
}

/** How deep a disc reaches into a box (0 when it does not touch it), squared as an area. */
function discOverlap(b: LabelBox, d: Disc): number {
  const nx = Math.max(b.x - b.w / 2, Math.min(d.x, b.x + b.w / 2));
  const ny = Math.max(b.y - b.h / 2, Math.min(d.y, b.y + b.h / 2));
  const depth = d.r - Math.hypot(nx - d.x, ny - d.y);
  return depth > 0 ? depth * depth : 0;
}

/** How much a box at this place would cover of what is there already. */
export function covered(box: LabelBox, taken: readonly LabelBox[], discs: readonly Disc[]): number {
  let sum = 0;
  for (const t of taken) sum += boxOverlap(box, t);
  for (const d of discs) sum += discOverlap(box, d);
  return sum;
}

/**
 * Places the labels in the order given (the most important first); `taken` holds boxes placed
 * already (the target line's label) and receives each new one.
 */
export function placeLabels(wanted: readonly LabelWanted[], discs: readonly Disc[], taken: LabelBox[] = []): LabelBox[] {
  return wanted.map((l) => {
    let best: LabelBox | null = null;
    let bestCover = Infinity;
    for (const p of l.places) {
      const box = { x: p.x, y: p.y, w: l.w, h: l.h };
      const c = covered(box, taken, discs);
      if (c < bestCover) {
        best = box;
        bestCover = c;
        if (c === 0) break;
      }
    }
    const placed = best ?? { x: 0, y: 0, w: l.w, h: l.h };
    taken.push(placed);
    return placed;
  });
}

/**
 * The places a model's label tries around a disc of radius `r` at (x, y): below, above (over its
 * damage pips), right, left, then the diagonals and a row further out.
 */
export function placesAround(x: number, y: number, r: number, w: number, h: number, pipsPx: number): { x: number; y: number }[] {
  const below = y + r + 3 + h / 2;
  const above = y - r - pipsPx - 2 - h / 2;
  const side = r + 4 + w / 2;
  return [
    { x, y: below },
    { x, y: above },
    { x: x + side, y },
    { x: x - side, y },
    { x: x + side, y: below },
    { x: x - side, y: below },
    { x: x + side, y: above },
    { x: x - side, y: above },
    { x, y: below + h + 2 },
    { x, y: above - h - 2 },
    { x: x + side, y: below + h + 2 },
    { x: x - side, y: below + h + 2 },
  ];
}
