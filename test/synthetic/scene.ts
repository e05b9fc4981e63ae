/**
 * What a synthetic frame shows, in table millimetres (origin at a table corner, x along the
 * width, y along the depth, z up). Field names follow the JSON contracts of issue 3 so a
 * scene's ground truth compares directly with `locate --json`.
 */

export type Rgb = readonly [number, number, number];
export type Corner2 = readonly [number, number];

/** A marker glued flat on top of a miniature (or on the table for a flat token). */
export interface SceneTag {
  id: number;
  /** Side of the black square, as `tags.size_mm` in table.json. */
  size_mm: number;
  /** Height of the tag's face above the table; default: the miniature's height_mm. */
  height_mm?: number;
  /** Turn of the tag about z; 0 reads upright in a camera looking down with image up = +y. */
  angle_deg?: number;
  /** Offset of the tag's centre from the base centre (standing miniatures only). */
  offset_mm?: readonly [number, number];
}

export interface SceneMiniature {
  /** Standing: the base centre. Fallen: the middle of the footprint (base and body, along its length). */
  x_mm: number;
  y_mm: number;
  base_mm: number;
  /** Top of the figure (or of the tag plate) above the table when standing. */
  height_mm: number;
  fallen: boolean;
  /** Fallen: direction from base to head, from +x towards +y. Standing: turn of the body. */
  angle_deg: number;
  tag?: SceneTag;
  /** 'figure' (body and head), 'token' (a flat base only), 'vehicle' (a box on the base). */
  shape?: 'figure' | 'token' | 'vehicle';
  color?: Rgb;
  base_color?: Rgb;
  base_thickness_mm?: number;
}

export interface SceneTerrain {
  kind: 'box' | 'cylinder';
  x_mm: number;
  y_mm: number;
  /** Box: size along its own x; cylinder: diameter. */
  width_mm: number;
  depth_mm: number;
  height_mm: number;
  angle_deg: number;
  color: Rgb;
}

export interface SceneAnchor {
  id: number;
  /** Top-left, top-right, bottom-right, bottom-left on the table plane (OpenCV's order). */
  corners_mm: readonly [Corner2, Corner2, Corner2, Corner2];
}

export interface SceneLight {
  /** A lamp above the table, in table mm. */
  position_mm: readonly [number, number, number];
  /** 0..1 share of light that reaches shadowed places. */
  ambient: number;
  /** Low-frequency brightness variation across the table, 0 = even. */
  unevenness: number;
}

export interface Scene {
  table: { width_mm: number; depth_mm: number };
  /** Felt colour; the renderer adds a woven-looking noise to it. */
  cloth_color?: Rgb;
  anchors: SceneAnchor[];
  miniatures: SceneMiniature[];
  terrain: SceneTerrain[];
  light?: SceneLight;
  /** Seeds the cloth texture. */
  seed?: number;
}

export const DEFAULT_LIGHT: SceneLight = { position_mm: [700, 800, 2300], ambient: 0.38, unevenness: 0.18 };
