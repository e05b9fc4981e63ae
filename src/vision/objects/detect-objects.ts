/**
 * Every object on the table from an empty-table picture and the current frame (issue 3,
 * part 4). Build a detector once per camera pose and background (it resamples the
 * background onto the table grid once) and call detect() per frame; detectObjects() is the
 * one-shot form for `locate --background`.
 */
import type { CameraIntrinsics, CameraPose } from '../camera-model.js';
import type { RgbaImage } from '../image.js';
import type { LocatedTag } from '../locate-tags.js';
import { analyseObject, DEFAULT_SHAPE_RULES, type ShapeRules } from './analyse-object.js';
import { close, dilate } from './binary-morphology.js';
import { changeMask, DEFAULT_CHANGE, type ChangeOptions } from './change-mask.js';
import { findBlobs } from './components.js';
import { DEFAULT_SPLIT, splitTouching, type SplitRules } from './split-touching.js';
import { buildTableGrid, rectify, type TableGrid } from './table-grid.js';

export interface DetectedObject {
  /** Standing: the base centre; fallen: the middle of its footprint along its length. Table mm. */
  xMm: number;
  yMm: number;
  fallen: boolean;
  /** The located tag that lies on it, else null. */
  tag: number | null;
  /** Fitted base diameter of a standing object; null when fallen. */
  baseDiameterMm: number | null;
  /** Silhouette on the table plane along and across its main axis. */
  lengthMm: number;
  widthMm: number;
  axisDeg: number;
  areaMm2: number;
  /** Why it was judged standing or fallen: the base fit and how well the silhouette agrees. */
  evidence: ShapeEvidence;
}

export interface ShapeEvidence {
  fitDiameterMm: number | null;
  fitRmsMm: number | null;
  nearSupport: number | null;
  nearExcessMm: number | null;
  discCoverage: number;
  lateralWidthMm: number;
}

/** A change too big or too edge-bound to be a miniature: a hand, an arm, a dropped book. */
export interface Disturbance {
  xMm: number;
  yMm: number;
  areaMm2: number;
  touchesEdge: boolean;
  /** Bounding box on the table, mm. */
  minXMm: number;
  minYMm: number;
  maxXMm: number;
  maxYMm: number;
}

export interface ObjectDetection {
  objects: DetectedObject[];
  disturbances: Disturbance[];
}

/** `locate --json`'s `objects` entries (issue 3's contract, snake_case on purpose). */
export interface LocateObject {
  x_mm: number;
  y_mm: number;
  fallen: boolean;
  tag: number | null;
  /** 0–1, from the learned detector (issue 9); the geometric rules give none. */
  confidence?: number;
}

export interface ObjectDetectorOptions {
  /** Side of a table-grid cell: smaller is finer and slower. */
  mmPerCell: number;
  /** Smaller blobs are noise. A 25 mm base covers 490 mm²; a fallen one whose body matches the cloth shows only its base edge-on, 4 × 25 mm. */
  minAreaMm2: number;
  /** Larger blobs are not one miniature. */
  maxAreaMm2: number;
  /** Blobs touching the table edge and larger than this are hands or arms. */
  maxEdgeAreaMm2: number;
  /** Parts of a silhouette closer than this belong to one object. */
  groupGapMm: number;
  /** How far from an object a tag's table point may land and still belong to it. */
  tagSlackMm: number;
  change: ChangeOptions;
  split: SplitRules;
  shape: ShapeRules;
}

export const DEFAULT_OBJECT_OPTIONS: ObjectDetectorOptions = {
  mmPerCell: 1.5,
  minAreaMm2: 80,
  maxAreaMm2: 15000,
  maxEdgeAreaMm2: 2500,
  groupGapMm: 10,
  tagSlackMm: 4,
  change: DEFAULT_CHANGE,
  split: DEFAULT_SPLIT,
  shape: DEFAULT_SHAPE_RULES,
};

export interface ObjectDetectorSetup {
  /** The solved table pose and the lens (LocatedFrame.pose and .intrinsics). */
  pose: CameraPose;
  intrinsics: CameraIntrinsics;
  /** profile.table from table.json. */
  table: { width_mm: number; depth_mm: number };
  /** The empty table, same camera, same size as the frames. */
  background: RgbaImage;
  options?: Partial<ObjectDetectorOptions>;
}

export interface ObjectDetector {
  readonly grid: TableGrid;
  /** tags: the frame's located tags (LocateReport.tags), to name the objects they sit on. */
  detect(frame: RgbaImage, tags?: readonly LocatedTag[]): ObjectDetection;
}

export function createObjectDetector(setup: ObjectDetectorSetup): ObjectDetector {
  const o: ObjectDetectorOptions = { ...DEFAULT_OBJECT_OPTIONS, ...setup.options };
  const grid = buildTableGrid(setup.pose, setup.intrinsics, setup.table.width_mm, setup.table.depth_mm, o.mmPerCell);
  const background = rectify(grid, setup.background);
  return {
    grid,
    detect(frame, tags = []) {
      return detectOnGrid(grid, background, rectify(grid, frame), tags, o);
    },
  };
}

export interface DetectObjectsInput extends ObjectDetectorSetup {
  frame: RgbaImage;
  tags?: readonly LocatedTag[];
}

/** One frame, one call: what `locate --background` needs. */
export function detectObjects(input: DetectObjectsInput): ObjectDetection {
  return createObjectDetector(input).detect(input.frame, input.tags);
}

/** The contract's shape, rounded to tenths of a millimetre. */
export function locateObjects(d: ObjectDetection): LocateObject[] {
  const mm = (v: number): number => Math.round(v * 10) / 10;
  return d.objects.map((ob) => ({ x_mm: mm(ob.xMm), y_mm: mm(ob.yMm), fallen: ob.fallen, tag: ob.tag }));
}

function detectOnGrid(grid: TableGrid, background: Float32Array, frame: Float32Array, tags: readonly LocatedTag[], o: ObjectDetectorOptions): ObjectDetection {
  const { cols, rows, mmPerCell: s } = grid;
  const cellArea = s * s;
  let mask = changeMask(grid, frame, background, o.change);
  // Closing heals rims where a base matches the cloth; no opening, which would erase a
  // fallen base seen edge-on (a strip about 4 mm wide). Specks fall to minAreaMm2 instead.
  mask = close(mask, cols, rows, 2);
  // Blobs a few mm apart are grouped (the top of a cloth-coloured vehicle floats free of its
  // base); splitTouching separates real neighbours again where nothing joins them.
  const grouped = dilate(mask, cols, rows, Math.max(1, Math.round(o.groupGapMm / 2 / s)));
  const blobs = findBlobs(grouped, cols, rows, (q) => (grid.pixelIndex[q] as number) >= 0).map((b) => ({ ...b, cells: b.cells.filter((p) => mask[p] === 1) }));
  const objects: DetectedObject[] = [];
  const disturbances: Disturbance[] = [];
  const owner = new Int32Array(cols * rows).fill(-1);
  for (const blob of blobs) {
    const area = blob.cells.length * cellArea;
    if (area < o.minAreaMm2) continue;
    if (area > o.maxAreaMm2 || (blob.touchesEdge && area > o.maxEdgeAreaMm2)) {
      let sx = 0, sy = 0;
      for (const p of blob.cells) {
        sx += (p % cols) + 0.5;
        sy += ((p / cols) | 0) + 0.5;
      }
      disturbances.push({
        xMm: (sx / blob.cells.length) * s,
        yMm: (sy / blob.cells.length) * s,
        areaMm2: area,
        touchesEdge: blob.touchesEdge,
        minXMm: blob.minCol * s,
        minYMm: blob.minRow * s,
        maxXMm: (blob.maxCol + 1) * s,
        maxYMm: (blob.maxRow + 1) * s,
      });
      continue;
    }
    const parts = splitTouching(blob.cells, cols, s, o.split);
    for (const part of parts) {
      if (part.length * cellArea < o.minAreaMm2) continue;
      const shape = analyseObject(grid, part, o.shape, parts.length > 1);
      for (const p of part) owner[p] = objects.length;
      objects.push({
        xMm: shape.xMm,
        yMm: shape.yMm,
        fallen: shape.fallen,
        tag: null,
        baseDiameterMm: shape.baseDiameterMm,
        lengthMm: shape.lengthMm,
        widthMm: shape.widthMm,
        axisDeg: shape.axisDeg,
        areaMm2: part.length * cellArea,
        evidence: {
          fitDiameterMm: shape.fit ? 2 * shape.fit.radiusMm : null,
          fitRmsMm: shape.fit?.rmsMm ?? null,
          nearSupport: shape.fit?.nearSupport ?? null,
          nearExcessMm: shape.fit?.nearExcessMm ?? null,
          discCoverage: shape.discCoverage,
          lateralWidthMm: shape.lateralWidthMm,
        },
      });
    }
  }
  const tagOf = assignTags(grid, owner, objects, tags, o.tagSlackMm);
  for (const [k, t] of tagOf) {
    const ob = objects[k] as DetectedObject;
    ob.tag = t.id;
    // A readable tag faces the camera, so its miniature stands. When the silhouette gave no
    // clean base (a plate wider than a small base), the point under the tag stands in.
    if (ob.fallen) {
      ob.fallen = false;
      ob.xMm = t.x_mm;
      ob.yMm = t.y_mm;
    }
  }
  objects.sort((a, b) => a.yMm - b.yMm || a.xMm - b.xMm);
  return { objects, disturbances };
}

/**
 * A tag's reported x/y is the point under its centre; on the table-plane map the tag itself
 * appears where the camera ray through it meets z = 0, pushed out by parallax. That is the
 * point to look up in the object map.
 */
function assignTags(grid: TableGrid, owner: Int32Array, objects: DetectedObject[], tags: readonly LocatedTag[], slackMm: number): Map<number, LocatedTag> {
  const out = new Map<number, LocatedTag>();
  const [cx, cy, cz] = grid.cameraMm;
  const s = grid.mmPerCell;
  const reach = Math.ceil(slackMm / s);
  for (const t of tags) {
    const f = cz > t.z_mm ? cz / (cz - t.z_mm) : 1;
    const x = cx + (t.x_mm - cx) * f;
    const y = cy + (t.y_mm - cy) * f;
    const c0 = Math.floor(x / s);
    const r0 = Math.floor(y / s);
    let found = -1;
    let bestD = Infinity;
    for (let dr = -reach; dr <= reach; dr++) for (let dc = -reach; dc <= reach; dc++) {
      const c = c0 + dc;
      const r = r0 + dr;
      if (c < 0 || r < 0 || c >= grid.cols || r >= grid.rows) continue;
      const k = owner[r * grid.cols + c] as number;
      const d = dr * dr + dc * dc;
      if (k >= 0 && d < bestD) {
        bestD = d;
        found = k;
      }
    }
    if (found >= 0 && found < objects.length && !out.has(found)) out.set(found, t);
  }
  return out;
}
