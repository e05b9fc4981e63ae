/** Overhead frames of a wargames table from a known scene: the renderer's public face. */
import { markerCells } from './dictionary.js';
import { valueNoise } from './noise.js';
import { encodeJpeg, applySensor, decodeImage, type SensorOptions } from './post.js';
import { Box, Cylinder, INK, PAPER, Sphere, TagPlate, markerValue, type Primitive } from './primitives.js';
import { DEFAULT_LIGHT, type Rgb, type Scene, type SceneMiniature } from './scene.js';
import { renderWorld, type RawImage, type SyntheticCamera, type World } from './world.js';

export type { RawImage, SyntheticCamera } from './world.js';

export interface RenderOptions extends SensorOptions {
  /** Compress to JPEG at this quality and decode again (renderSceneJpeg only). */
  jpegQuality?: number;
}

/** Default sensor: mild blur and noise, as a 1080p webcam in club lighting. */
export const WEBCAM: RenderOptions = { blurSigmaPx: 0.6, noiseSigma: 2.5, jpegQuality: 88, seed: 1 };

/** Renders the scene through the camera: RGBA pixels with blur and noise, no compression. */
export function renderScene(scene: Scene, camera: SyntheticCamera, options: RenderOptions = {}): RawImage {
  return applySensor(renderWorld(sceneWorld(scene), camera), options);
}

/** Renders, compresses to JPEG and decodes again: what a webcam file looks like. */
export async function renderSceneJpeg(scene: Scene, camera: SyntheticCamera, options: RenderOptions = WEBCAM): Promise<{ jpeg: Buffer; image: RawImage }> {
  const jpeg = await encodeJpeg(renderScene(scene, camera, options), options.jpegQuality ?? 88);
  return { jpeg, image: await decodeImage(jpeg) };
}

const BASE_THICKNESS_MM = 4;
const FIGURE_COLORS: Rgb[] = [
  [150, 40, 35],
  [45, 60, 130],
  [170, 150, 60],
  [110, 110, 115],
  [70, 95, 50],
  [130, 85, 60],
];

/** The scene as plane colour plus solids, for renderWorld. */
export function sceneWorld(scene: Scene): World {
  const light = scene.light ?? DEFAULT_LIGHT;
  const primitives: Primitive[] = [];
  scene.miniatures.forEach((m, i) => primitives.push(...miniaturePrimitives(m, FIGURE_COLORS[i % FIGURE_COLORS.length] as Rgb)));
  for (const t of scene.terrain) {
    if (t.kind === 'box') primitives.push(new Box(t.x_mm, t.y_mm, 0, t.width_mm / 2, t.depth_mm / 2, t.height_mm, t.angle_deg, t.color));
    else primitives.push(new Cylinder(t.x_mm, t.y_mm, 0, 0, 0, 1, t.height_mm, t.width_mm / 2, t.color));
  }
  return {
    planeColor: tableColor(scene),
    primitives,
    light: { x: light.position_mm[0], y: light.position_mm[1], z: light.position_mm[2], ambient: light.ambient, unevenness: light.unevenness },
  };
}

function miniaturePrimitives(m: SceneMiniature, fallbackColor: Rgb): Primitive[] {
  const color = m.color ?? fallbackColor;
  const baseColor = m.base_color ?? [38, 38, 42];
  const t = m.base_thickness_mm ?? BASE_THICKNESS_MM;
  const r = m.base_mm / 2;
  const shape = m.shape ?? 'figure';
  const a = (m.angle_deg * Math.PI) / 180;
  const [ux, uy] = [Math.cos(a), Math.sin(a)];
  const prims: Primitive[] = [];
  const bodyR = shape === 'vehicle' ? r * 0.8 : Math.max(4, r * 0.32);
  if (!m.fallen) {
    prims.push(new Cylinder(m.x_mm, m.y_mm, 0, 0, 0, 1, t, r, baseColor));
    if (shape === 'figure' && m.height_mm > t + 4) {
      const headR = Math.min(bodyR * 0.8, (m.height_mm - t) / 4);
      prims.push(new Cylinder(m.x_mm, m.y_mm, t, 0, 0, 1, m.height_mm - t - headR * 1.6, bodyR, color));
      prims.push(new Sphere(m.x_mm, m.y_mm, m.height_mm - headR, headR, color));
    } else if (shape === 'vehicle' && m.height_mm > t + 2) {
      prims.push(new Box(m.x_mm, m.y_mm, t, bodyR * 0.9, bodyR * 0.6, m.height_mm - t, m.angle_deg, color));
    }
    if (m.tag) {
      const [ox, oy] = m.tag.offset_mm ?? [0, 0];
      // A hair above the surface it sits on, so the plate wins over the head or base top.
      prims.push(new TagPlate(m.x_mm + ox, m.y_mm + oy, (m.tag.height_mm ?? m.height_mm) + 0.01, m.tag.size_mm, m.tag.angle_deg ?? 0, markerCells(m.tag.id)));
    }
    return prims;
  }
  // Fallen: the base stands on its rim, the body lies along (ux, uy); x/y is the footprint middle.
  const bodyLen = Math.max(0, m.height_mm - t);
  const length = t + bodyLen;
  const sx = m.x_mm - (ux * length) / 2;
  const sy = m.y_mm - (uy * length) / 2;
  prims.push(new Cylinder(sx, sy, r, ux, uy, 0, t, r, baseColor));
  if (bodyLen > 0 && shape !== 'token') {
    const rb = shape === 'vehicle' ? Math.min(r * 0.6, bodyLen / 2) : Math.min(bodyR, bodyLen / 3);
    const bx = sx + ux * t;
    const by = sy + uy * t;
    prims.push(new Cylinder(bx, by, rb, ux, uy, 0, bodyLen - rb, rb, color));
    prims.push(new Sphere(bx + ux * (bodyLen - rb), by + uy * (bodyLen - rb), rb, rb, color));
  }
  return prims;
}

/** Felt with a woven-looking noise, printed anchors with a white quiet zone, floor beyond. */
function tableColor(scene: Scene): World['planeColor'] {
  const seed = scene.seed ?? 7;
  const cloth = scene.cloth_color ?? [62, 104, 58];
  const { width_mm: W, depth_mm: D } = scene.table;
  const anchors = scene.anchors.map((a) => {
    const [tl, tr, , bl] = a.corners_mm;
    // Marker-local (u, v) from table (x, y): invert P = TL + u (TR − TL) + v (BL − TL).
    const ex = [tr[0] - tl[0], tr[1] - tl[1]];
    const ey = [bl[0] - tl[0], bl[1] - tl[1]];
    const det = (ex[0] as number) * (ey[1] as number) - (ex[1] as number) * (ey[0] as number);
    return { tl, ex, ey, det, cells: markerCells(a.id) };
  });
  const cellsPerSide = 6;
  // A quarter of the marker side of white paper all round.
  const margin = 0.25;
  return (x, y, out) => {
    for (let i = 0; i < anchors.length; i++) {
      const a = anchors[i] as (typeof anchors)[number];
      const px = x - a.tl[0];
      const py = y - a.tl[1];
      const u = (px * (a.ey[1] as number) - py * (a.ey[0] as number)) / a.det;
      const v = ((a.ex[0] as number) * py - (a.ex[1] as number) * px) / a.det;
      if (u >= -margin && u <= 1 + margin && v >= -margin && v <= 1 + margin) {
        const g = markerValue(a.cells, cellsPerSide, u, v);
        out[0] = out[1] = out[2] = g;
        return 10 + i;
      }
    }
    if (x < 0 || y < 0 || x > W || y > D) {
      // The floor around the table: dark wood.
      const n = valueNoise(x, y * 0.2, 30, seed + 3);
      out[0] = 70 + 25 * n;
      out[1] = 50 + 18 * n;
      out[2] = 35 + 10 * n;
      return 2;
    }
    const n = 0.55 * valueNoise(x, y, 60, seed) + 0.3 * valueNoise(x, y, 9, seed + 1) + 0.15 * valueNoise(x, y, 2.5, seed + 2);
    const f = 0.82 + 0.36 * n;
    out[0] = cloth[0] * f;
    out[1] = cloth[1] * f;
    out[2] = cloth[2] * f;
    return 1;
  };
}

export { INK, PAPER };
