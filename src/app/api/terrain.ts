import { z } from 'zod';

/**
 * Terrain on the table: outlines the players draw (or a tagged piece the camera follows), with
 * the height and the system's size, cover and movement classes that sight, cover and moves use.
 * Pure zod and helpers: the renderer bundles it.
 */

const Point = z.tuple([z.number().min(-1000).max(6000), z.number().min(-1000).max(6000)]);
export const SizeClass = z.enum(['small', 'medium', 'large']);

export const TerrainPiece = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,24}$/),
    polygonMm: z.array(Point).min(3).max(32),
    heightMm: z.number().nonnegative().max(1000),
    size: SizeClass,
    cover: z.string().min(1).max(40),
    movement: z.string().min(1).max(40),
    greyZone: z.boolean(),
    /** The base tag of a library piece whose outline follows the tag's pose; null when drawn. */
    tag: z.int().nonnegative().max(999).nullable(),
  })
  .strict();
export type TerrainPiece = z.infer<typeof TerrainPiece>;

export const TerrainSet = z.array(TerrainPiece).max(80);

/** One entry of the table profile's terrain library (`terrain` in table.json): a tagged piece. */
export const TerrainLibraryEntry = z
  .object({
    tag: z.int().nonnegative().max(999),
    name: z.string().min(1).max(60),
    /** The outline around the tag's centre, with the tag's +x axis along +x, in mm. */
    outline_mm: z.array(Point).min(3).max(32),
    height_mm: z.number().nonnegative().max(1000),
    size: SizeClass,
    cover: z.string().min(1).max(40),
    movement: z.string().min(1).max(40),
    grey_zone: z.boolean().default(false),
  })
  .strict();
export type TerrainLibraryEntry = z.infer<typeof TerrainLibraryEntry>;

export const TerrainLibrary = z.object({ terrain: z.array(TerrainLibraryEntry).max(100).default([]) });

/** The library of a table profile (unknown JSON); an absent or bad library is empty, with why. */
export function terrainLibraryOf(profile: unknown): { entries: TerrainLibraryEntry[]; problem: string | null } {
  if (typeof profile !== 'object' || profile === null || !('terrain' in profile)) return { entries: [], problem: null };
  const r = TerrainLibrary.safeParse(profile);
  if (r.success) return { entries: r.data.terrain, problem: null };
  const issue = r.error.issues[0];
  return { entries: [], problem: `${issue?.path.join('.') ?? 'terrain'}: ${issue?.message ?? 'invalid'}` };
}

/** A library piece where its tag lies: the outline turned by the tag's yaw and moved to it. */
export function placeLibraryPiece(e: TerrainLibraryEntry, xMm: number, yMm: number, yawDeg: number): TerrainPiece {
  const a = (yawDeg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return {
    id: `tag${e.tag}`,
    polygonMm: e.outline_mm.map(([x, y]) => [Math.round((xMm + x * c - y * s) * 10) / 10, Math.round((yMm + x * s + y * c) * 10) / 10] as [number, number]),
    heightMm: e.height_mm,
    size: e.size,
    cover: e.cover,
    movement: e.movement,
    greyZone: e.grey_zone,
    tag: e.tag,
  };
}
