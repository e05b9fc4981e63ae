/**
 * Square-window erosion and dilation of a 0/1 mask by running counts (cost independent of
 * the radius): opening drops speckle from noise and JPEG, closing heals a base's rim where
 * its colour happens to match the cloth.
 */

function pass(src: Uint8Array, cols: number, rows: number, radius: number, horizontal: boolean, needAll: boolean): Uint8Array {
  const out = new Uint8Array(src.length);
  const len = horizontal ? cols : rows;
  const lines = horizontal ? rows : cols;
  const step = horizontal ? 1 : cols;
  for (let l = 0; l < lines; l++) {
    const base = horizontal ? l * cols : l;
    let count = 0;
    // Window [i − r, i + r], clipped: outside the grid counts as empty.
    for (let i = 0; i <= Math.min(len - 1, radius); i++) count += src[base + i * step] as number;
    for (let i = 0; i < len; i++) {
      const lo = Math.max(0, i - radius);
      const hi = Math.min(len - 1, i + radius);
      const width = hi - lo + 1;
      out[base + i * step] = needAll ? (count === width ? 1 : 0) : count > 0 ? 1 : 0;
      const add = i + radius + 1;
      const drop = i - radius;
      if (add < len) count += src[base + add * step] as number;
      if (drop >= 0) count -= src[base + drop * step] as number;
    }
  }
  return out;
}

export function dilate(mask: Uint8Array, cols: number, rows: number, radius: number): Uint8Array {
  if (radius <= 0) return mask.slice();
  return pass(pass(mask, cols, rows, radius, true, false), cols, rows, radius, false, false);
}

export function erode(mask: Uint8Array, cols: number, rows: number, radius: number): Uint8Array {
  if (radius <= 0) return mask.slice();
  return pass(pass(mask, cols, rows, radius, true, true), cols, rows, radius, false, true);
}

export function open(mask: Uint8Array, cols: number, rows: number, radius: number): Uint8Array {
  return dilate(erode(mask, cols, rows, radius), cols, rows, radius);
}

export function close(mask: Uint8Array, cols: number, rows: number, radius: number): Uint8Array {
  return erode(dilate(mask, cols, rows, radius), cols, rows, radius);
}
