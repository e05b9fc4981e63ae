import { Rng } from '../random/rng.js';
import type { RulesetId } from '../rulesets/game-system.js';
import { pointInPolygon, type PointMm } from './polygon.js';
import { tableRules } from './table-rules-registry.js';

export interface RandomSceneOptions {
  ruleset: RulesetId;
  models: number;
  pieces: number;
  seed: string;
  widthMm?: number;
  depthMm?: number;
}

/**
 * A seeded table for benches and agreement tests: convex pieces (rotated boxes and jittered
 * polygons, always simple) of every class the system knows, and models of two players kept out
 * of impassable ground. Plain scene JSON, as `shagomer ranges` reads it.
 */
export function randomScene(o: RandomSceneOptions): { ruleset: string; models: unknown[]; terrain: unknown[] } {
  const rng = Rng.fromSeed(o.seed);
  const rand = (): number => rng.nextUint32() / 0x100000000;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const widthMm = o.widthMm ?? 1800;
  const depthMm = o.depthMm ?? 1200;
  const rules = tableRules(o.ruleset);
  const coverIds = Object.keys(rules.cover_classes);
  const movementIds = Object.keys(rules.movement_classes);
  const blocking = new Set(movementIds.filter((id) => {
    const m = rules.movement_classes[id]?.value;
    return m?.kind === 'impassable' || m?.kind === 'stand-on' || (m?.kind === 'by-mobility' && Object.values(m.effects).includes('impassable'));
  }));
  const terrain: { id: string; polygon_mm: PointMm[]; height_mm: number; size: string; grey_zone: boolean; cover: string; movement: string }[] = [];
  for (let i = 0; i < o.pieces; i++) {
    const cx = rand() * widthMm;
    const cy = rand() * depthMm;
    const corners = 3 + Math.floor(rand() * 5);
    const radiusMm = 30 + rand() * 90;
    const turn = rand() * Math.PI * 2;
    const ring: PointMm[] = [];
    for (let k = 0; k < corners; k++) {
      const a = turn + (k / corners) * Math.PI * 2;
      const r = radiusMm * (0.7 + 0.3 * rand());
      ring.push([Math.round((cx + Math.cos(a) * r) * 10) / 10, Math.round((cy + Math.sin(a) * r) * 10) / 10]);
    }
    terrain.push({
      id: `t${i}`,
      polygon_mm: ring,
      height_mm: Math.round(rand() * 120),
      size: pick(['small', 'medium', 'large']),
      grey_zone: rand() < 0.25,
      cover: pick(coverIds),
      movement: pick(movementIds),
    });
  }
  const kinds = Object.keys(rules.kinds);
  const models: unknown[] = [];
  for (let i = 0; i < o.models; i++) {
    const kind = rand() < 0.8 ? 'infantry' : pick(kinds);
    let x = 0;
    let y = 0;
    for (let attempt = 0; attempt < 100; attempt++) {
      x = Math.round(rand() * widthMm);
      y = Math.round(rand() * depthMm);
      if (!terrain.some((t) => blocking.has(t.movement) && pointInPolygon(x, y, t.polygon_mm))) break;
    }
    const vehicle = rules.kinds[kind]?.value.body === 'vehicle';
    models.push({
      id: `m${i}`,
      player: i % 2 === 0 ? 'red' : 'blue',
      unit: `u${Math.floor(i / 5)}`,
      x_mm: x,
      y_mm: y,
      base_mm: vehicle ? 60 : 25,
      height_mm: vehicle ? 70 : 35 + Math.round(rand() * 15),
      kind,
      fallen: rand() < 0.05,
      from_mm: [x + Math.round((rand() - 0.5) * 200), y + Math.round((rand() - 0.5) * 200)],
      weapons: [{ name: 'rifle', range_steps: 10 + Math.floor(rand() * 20) }],
    });
  }
  return { ruleset: o.ruleset, models, terrain };
}
