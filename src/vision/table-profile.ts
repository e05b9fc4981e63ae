/**
 * table.json (issue 3's contract): the table's size, where the four anchors are printed on it
 * and how big and how high the base tags are. Parsed with zod at the boundary.
 */
import { z } from 'zod';

/** A table is at most 10 m across; tags and heights a metre: the bounds catch damaged files. */
const mm = z.number().min(-10_000).max(20_000);
const Corner = z.tuple([mm, mm]);

export const TableProfileSchema = z.object({
  name: z.string(),
  table: z.object({ width_mm: z.number().positive().max(10_000), depth_mm: z.number().positive().max(10_000) }),
  anchors: z.object({
    dictionary: z.string(),
    markers: z
      .array(z.object({ id: z.number().int().nonnegative(), corners_mm: z.tuple([Corner, Corner, Corner, Corner]) }))
      .min(1)
      .max(64),
  }),
  tags: z.object({
    dictionary: z.string(),
    size_mm: z.number().positive().max(1000),
    height_mm: z.number().min(-100).max(2000),
    heights_mm: z.record(z.string().regex(/^\d{1,4}$/), z.number().min(-100).max(2000)).default({}),
  }),
});

export type TableProfile = z.infer<typeof TableProfileSchema>;
export type AnchorMarker = TableProfile['anchors']['markers'][number];

/** The height of a tag's centre above the table: heights_mm[id], else height_mm. */
export function tagHeightMm(profile: TableProfile, id: number): number {
  return profile.tags.heights_mm[String(id)] ?? profile.tags.height_mm;
}

export interface DefaultProfileOptions {
  name?: string;
  widthMm?: number;
  depthMm?: number;
  /** Side of each anchor's black square. */
  anchorMm?: number;
  /** Gap between the table edge and the anchor's black square. */
  insetMm?: number;
  tagMm?: number;
  tagHeightMm?: number;
}

/**
 * Anchors 0–3 in the corners (0 at the origin, 1 along +x, 2 opposite, 3 along +y), each
 * printed upright as seen from above with +y up the page, so "top-left" is the corner
 * with the larger y. Tags take the other ids of the dictionary.
 */
export function defaultTableProfile(o: DefaultProfileOptions = {}): TableProfile {
  const w = o.widthMm ?? 1800;
  const d = o.depthMm ?? 1200;
  const s = o.anchorMm ?? 80;
  const inset = o.insetMm ?? 25;
  const square = (x0: number, y0: number): [[number, number], [number, number], [number, number], [number, number]] => [
    [x0, y0 + s],
    [x0 + s, y0 + s],
    [x0 + s, y0],
    [x0, y0],
  ];
  return {
    name: o.name ?? `${w / 10}x${d / 10} cm table`,
    table: { width_mm: w, depth_mm: d },
    anchors: {
      dictionary: 'DICT_4X4_50',
      markers: [
        { id: 0, corners_mm: square(inset, inset) },
        { id: 1, corners_mm: square(w - inset - s, inset) },
        { id: 2, corners_mm: square(w - inset - s, d - inset - s) },
        { id: 3, corners_mm: square(inset, d - inset - s) },
      ],
    },
    tags: { dictionary: 'DICT_4X4_50', size_mm: o.tagMm ?? 20, height_mm: o.tagHeightMm ?? 4, heights_mm: {} },
  };
}
