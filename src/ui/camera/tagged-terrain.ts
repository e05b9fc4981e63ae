import { placeLibraryPiece, type TerrainLibraryEntry, type TerrainPiece } from '../../app/api/terrain.js';

/** Moves below these are camera noise, not a piece moved: the journal only takes real moves. */
const MOVED_MM = 3;
const TURNED_DEG = 2;

const yawOf = (p: TerrainPiece): number => {
  const [a, b] = p.polygonMm;
  return a && b ? (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI : 0;
};

const centreOf = (p: TerrainPiece): [number, number] => [p.polygonMm.reduce((s, [x]) => s + x, 0) / p.polygonMm.length, p.polygonMm.reduce((s, [, y]) => s + y, 0) / p.polygonMm.length];

/**
 * The table's terrain with every library piece whose tag the camera sees placed at the tag's
 * pose (drawn outlines kept as they are), or null when nothing moved enough to record.
 */
export function taggedTerrain(library: readonly TerrainLibraryEntry[], tags: readonly { id: number; x_mm: number; y_mm: number; yaw_deg?: number }[], current: readonly TerrainPiece[]): TerrainPiece[] | null {
  let changed = false;
  const next = [...current];
  for (const entry of library) {
    const tag = tags.find((x) => x.id === entry.tag);
    if (!tag) continue;
    const placed = placeLibraryPiece(entry, tag.x_mm, tag.y_mm, tag.yaw_deg ?? 0);
    const i = next.findIndex((p) => p.tag === entry.tag);
    const old = i >= 0 ? next[i] : undefined;
    if (old) {
      const [ox, oy] = centreOf(old);
      const [nx, ny] = centreOf(placed);
      const turned = Math.abs(((yawOf(placed) - yawOf(old) + 540) % 360) - 180);
      if (Math.hypot(nx - ox, ny - oy) < MOVED_MM && turned < TURNED_DEG) continue;
      next[i] = placed;
    } else next.push(placed);
    changed = true;
  }
  return changed ? next : null;
}
