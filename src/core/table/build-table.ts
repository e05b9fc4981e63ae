import { gameSystem, systemIds } from '../rulesets/registry.js';
import type { RulesetId } from '../rulesets/game-system.js';
import { check, type FieldProblem } from '../validation/issues.js';
import { boxOf, isConvex, pointInPolygon, ringProblem, ringTurn } from './polygon.js';
import { SceneSchema, type Scene } from './scene.js';
import type { Table, TableModel, TablePiece } from './table.js';
import { tableRules } from './table-rules-registry.js';
import { TableRulesSchema, type TableRules } from './table-rules.js';
import { blocksMove } from './terrain-effects.js';
import { kindSpeedSteps } from './kind-speed.js';

export type BuildResult = { ok: true; table: Table } | { ok: false; error: FieldProblem };

const quoteId = (id: unknown): string => (typeof id === 'string' || typeof id === 'number' ? ` ${JSON.stringify(String(id))}` : '');

/** `models[3].x_mm` becomes `models[3] "a1".x_mm` when the element has an id, so a player finds it. */
function nameElement(problem: FieldProblem, raw: unknown): FieldProblem {
  const m = /^(models|terrain)\[(\d+)\](.*)$/.exec(problem.field);
  if (!m || typeof raw !== 'object' || raw === null) return problem;
  const list = (raw as Record<string, unknown>)[m[1] as string];
  const element = Array.isArray(list) ? (list[Number(m[2])] as unknown) : undefined;
  const id = typeof element === 'object' && element !== null ? (element as Record<string, unknown>).id : undefined;
  return { field: `${m[1]}[${m[2]}]${quoteId(id)}${m[3]}`, problem: problem.problem };
}

const known = (record: Record<string, unknown>): string => Object.keys(record).join(', ');

/** A club's own table rules file (already parsed JSON), checked against the schema. */
export function parseTableRules(raw: unknown): { ok: true; rules: TableRules } | { ok: false; error: FieldProblem } {
  const r = check(TableRulesSchema, raw);
  return r.ok ? { ok: true, rules: r.value } : { ok: false, error: r.error };
}

/**
 * Checks a scene against the contract and its system's classes, and resolves it into a Table.
 * `rules` replaces the shipped table rules (a club's file); it must be for the scene's system.
 */
export function buildTable(raw: unknown, rulesOverride?: TableRules): BuildResult {
  const parsed = check(SceneSchema, raw);
  if (!parsed.ok) return { ok: false, error: nameElement(parsed.error, raw) };
  const scene: Scene = parsed.value;
  const system = gameSystem(scene.ruleset);
  if (!system) return { ok: false, error: { field: 'ruleset', problem: `expected one of ${systemIds().join(', ')}, got ${JSON.stringify(scene.ruleset)}` } };
  const rulesetId: RulesetId = system.id;
  if (rulesOverride && rulesOverride.id !== rulesetId) {
    return { ok: false, error: { field: 'ruleset', problem: `the scene is for ${rulesetId} but the table rules are for ${JSON.stringify(rulesOverride.id)}` } };
  }
  const rules: TableRules = rulesOverride ?? tableRules(rulesetId);
  const stepMm = system.data.distance.unit_cm.value * 10;
  const fail = (field: string, problem: string): BuildResult => ({ ok: false, error: { field, problem } });

  const pieces: TablePiece[] = [];
  const pieceIds = new Set<string>();
  for (const [index, p] of scene.terrain.entries()) {
    const name = `terrain[${index}]${quoteId(p.id)}`;
    if (pieceIds.has(p.id)) return fail(name, 'id is used twice');
    pieceIds.add(p.id);
    const ringIssue = ringProblem(p.polygon_mm);
    if (ringIssue) return fail(name, ringIssue);
    const cover = Object.hasOwn(rules.cover_classes, p.cover) ? rules.cover_classes[p.cover] : undefined;
    if (!cover) return fail(name, `unknown cover class "${p.cover}" (known in ${rulesetId}: ${known(rules.cover_classes)})`);
    const movement = Object.hasOwn(rules.movement_classes, p.movement) ? rules.movement_classes[p.movement] : undefined;
    if (!movement) return fail(name, `unknown movement class "${p.movement}" (known in ${rulesetId}: ${known(rules.movement_classes)})`);
    pieces.push({
      index,
      id: p.id,
      ring: p.polygon_mm,
      box: boxOf(p.polygon_mm),
      convexTurn: isConvex(p.polygon_mm) ? ringTurn(p.polygon_mm) : 0,
      heightMm: p.height_mm,
      size: p.size,
      greyZone: p.grey_zone,
      coverId: p.cover,
      cover: cover.value,
      movementId: p.movement,
      movement: movement.value,
    });
  }

  const models: TableModel[] = [];
  const modelIds = new Set<string>();
  for (const [index, m] of scene.models.entries()) {
    const name = `models[${index}]${quoteId(m.id)}`;
    if (modelIds.has(m.id)) return fail(name, 'id is used twice');
    modelIds.add(m.id);
    const kind = Object.hasOwn(rules.kinds, m.kind) ? rules.kinds[m.kind] : undefined;
    if (!kind) return fail(`${name}.kind`, `unknown kind "${m.kind}" (known in ${rulesetId}: ${known(rules.kinds)})`);
    const radiusMm = m.base_mm / 2;
    const heightMm = m.fallen ? m.height_mm * rules.fallen_height_fraction.value : m.height_mm;
    let groundMm = 0;
    for (const p of pieces) {
      if (!pointInPolygon(m.x_mm, m.y_mm, p.ring)) continue;
      if (blocksMove(p, kind.value, m.kind, rules)) return fail(name, `stands inside impassable terrain[${p.index}] "${p.id}"`);
      if (p.movement.kind === 'stand-on') groundMm = Math.max(groundMm, p.heightMm);
    }
    models.push({
      index,
      id: m.id,
      player: m.player,
      unit: m.unit ?? `\u0000${m.id}`,
      xMm: m.x_mm,
      yMm: m.y_mm,
      radiusMm,
      heightMm,
      groundMm,
      eyeZMm: groundMm + heightMm * rules.eye_height_fraction.value,
      kind: m.kind,
      kindRules: kind.value,
      body: kind.value.body,
      speedSteps: m.speed_steps ?? kindSpeedSteps(kind.value, system.data),
      fromMm: m.from_mm ?? null,
      weapons: m.weapons,
      box: { minX: m.x_mm - radiusMm, minY: m.y_mm - radiusMm, maxX: m.x_mm + radiusMm, maxY: m.y_mm + radiusMm },
    });
  }

  const climb = rules.movement.value.rule === 'climb' ? rules.movement.value.climb : null;
  return { ok: true, table: { rulesetId, distance: system.data.distance, rules, stepMm, climb, models, pieces } };
}

