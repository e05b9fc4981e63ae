import type { Text } from '../labels.js';
import { isEnemy, picked } from '../table-action-helpers.js';
import type { TableAction, TableActionChoice, TableActionInput, TableParty } from '../table-actions.js';
import { zvezdnyDesantCatalogue } from './catalogue.js';
import { CONDUCTS, ORDERS } from './mechanics-schema.js';
import { ZD_LABELS } from './result-labels.js';
import raw from './ruleset.json' with { type: 'json' };
import { steps, unitSheet } from './unit-stats.js';

/**
 * Звездный Десант at the table: a melee of the acting unit and the enemy units it picks (contacts
 * from the table's ranges: bases within the contact tolerance, strikers within 3 steps), a charge,
 * the consolidation, the panic test and what an order allows. Each builder writes its action's
 * input from what the table shows and names the output part landing on each unit.
 */

/** Bases this close (cm, edge to edge) touch: the camera and the tape are not exact (default). */
export const BASE_CONTACT_CM = 0.5;
const REACH_STEPS = raw.melee.strike_reach_steps.value;

const WORDS = {
  destroyed: { ru: 'подразделение уничтожено', en: 'the unit is destroyed' },
  noEnemyNear: { ru: `рядом нет противника: ближний бой начинается в ${REACH_STEPS} шагах`, en: `no enemy is near: a melee begins within ${REACH_STEPS} steps` },
  noEnemyPicked: { ru: 'выберите подразделения противника', en: 'pick the enemy units' },
  noTarget: { ru: 'выберите одно подразделение противника', en: 'pick one enemy unit' },
  tooMany: { ru: 'в одном ближнем бою не больше 12 подразделений', en: 'at most 12 units in one melee' },
  noPdv: (id: string): Text => ({ ru: `у ${id} не указан ПДВ`, en: `${id} has no move (ПДВ)` }),
  ownSide: (id: string): Text => ({ ru: `${id} — своё подразделение`, en: `${id} is on your own side` }),
  notNear: (id: string): Text => ({ ru: `${id} дальше ${REACH_STEPS} шагов: он не в ближнем бою`, en: `${id} is farther than ${REACH_STEPS} steps: it is not in the melee` }),
} satisfies Record<string, Text | ((id: string) => Text)>;

const near = (p: TableParty): boolean => p.pair !== null && (p.pair.closeCombat || steps(p.pair.distanceCm) <= REACH_STEPS);
const touching = (p: TableParty): boolean => p.pair !== null && p.pair.distanceCm <= BASE_CONTACT_CM;
const enemiesNear = (actor: TableParty, others: readonly TableParty[]): TableParty[] => others.filter((o) => isEnemy(actor, o) && !o.model.destroyed && near(o));
const alive = (actor: TableParty): Text | null => (actor.model.destroyed ? WORDS.destroyed : null);


const label = (code: string): Text => (Object.hasOwn(ZD_LABELS, code) ? (ZD_LABELS[code] as Text) : { ru: code, en: code });
const yesNo = (first: boolean): TableActionChoice['values'] => {
  const yes = { value: true, label: { ru: 'да', en: 'yes' } };
  const no = { value: false, label: { ru: 'нет', en: 'no' } };
  return first ? [yes, no] : [no, yes];
};

const ORDER: TableActionChoice = { id: 'order', label: { ru: 'приказ', en: 'order' }, values: ORDERS.map((o) => ({ value: o, label: label(o) })) };
const CHARGE_ORDER: TableActionChoice = { id: 'order', label: { ru: 'приказ', en: 'order' }, values: (['attack', 'move'] as const).map((o) => ({ value: o, label: label(o) })) };
const CONDUCT: TableActionChoice = { id: 'conduct', label: { ru: 'что делает', en: 'what it does' }, values: CONDUCTS.map((c) => ({ value: c, label: label(c) })) };
const SHOT_FIRST: TableActionChoice = { id: 'shot_first', label: { ru: 'сначала стреляло', en: 'shot first' }, values: yesNo(false) };
const REROLL: TableActionChoice = { id: 'reroll', label: { ru: 'перебросить проваленный тест', en: 'reroll a failed test' }, values: yesNo(false) };
const FIRST: TableActionChoice = {
  id: 'first_player',
  label: { ru: 'первый игрок хода', en: "the turn's first player" },
  values: (['A', 'B'] as const).map((p) => ({ value: p, label: { ru: `игрок ${p}`, en: `player ${p}` } })),
};
const MODIFIER: TableActionChoice = {
  id: 'modifier',
  label: { ru: 'поправка к ЛДР', en: 'leadership modifier' },
  values: [0, -1, -2, -3, 1, 2, 3].map((n) => ({ value: n, label: { ru: n > 0 ? `+${n}` : String(n).replace('-', '−'), en: n > 0 ? `+${n}` : String(n) } })),
};

/** ПДВ from the unit's catalogue type (the table's rules hold no speed per unit). */
function pdvOf(p: TableParty): number | null {
  const t = zvezdnyDesantCatalogue.unit_types.find((u) => u.id === p.model.stats.catalogue_type);
  return t ? t.speed_steps : null;
}

/** One side of a melee as `multi-melee` counts it: a unit on the table is one token with its figures. */
function meleeUnit(p: TableParty, bsp: number, inContact: boolean) {
  const models = Math.max(1, p.model.figuresLeft);
  return { id: p.model.id, player: p.model.player as 'A' | 'B', models, in_contact: inContact ? models : 0, bsp, stk: Math.max(1, p.model.stamina), markers: p.model.markers };
}

/**
 * A melee of the acting unit with the enemy units it picks: every figure of a unit within reach
 * strikes; the actor strikes the first enemy picked, each enemy strikes the actor. Bonuses come
 * from sums over each player's units; each unit's part (`units.<id>`) lands on it.
 */
export const meleeTableAction: TableAction = {
  action: 'multi-melee',
  kind: 'melee',
  targets: 'many',
  offered: (actor, others) => alive(actor) ?? (enemiesNear(actor, others).length > 0 ? null : WORDS.noEnemyNear),
  choices: () => [],
  suggest: (actor, others) => enemiesNear(actor, others).map((p) => p.model.id),
  input: (ctx): TableActionInput => {
    const refused = alive(ctx.actor);
    if (refused) return { ok: false, reason: refused };
    const enemies = ctx.targets.filter((t) => !t.model.destroyed);
    if (enemies.length === 0) return { ok: false, reason: WORDS.noEnemyPicked };
    if (enemies.length > 11) return { ok: false, reason: WORDS.tooMany };
    for (const e of enemies) {
      if (!isEnemy(ctx.actor, e)) return { ok: false, reason: WORDS.ownSide(e.model.id) };
      if (!near(e)) return { ok: false, reason: WORDS.notNear(e.model.id) };
    }
    const sheets = [ctx.actor, ...enemies].map((p) => ({ p, s: unitSheet(p.model) }));
    for (const { s } of sheets) if (!s.ok) return { ok: false, reason: s.reason };
    const bsp = (p: TableParty): number => {
      const s = sheets.find((x) => x.p === p)?.s;
      return s?.ok ? s.sheet.bsp : 1;
    };
    const actorTouches = enemies.some(touching);
    const units = [meleeUnit(ctx.actor, bsp(ctx.actor), actorTouches), ...enemies.map((e) => meleeUnit(e, bsp(e), touching(e)))];
    const [first] = enemies as [TableParty];
    const strikes = [
      { from: ctx.actor.model.id, to: first.model.id, strikers: units[0]?.models ?? 0 },
      ...enemies.map((e, i) => ({ from: e.model.id, to: ctx.actor.model.id, strikers: units[i + 1]?.models ?? 0 })),
    ];
    const all = [ctx.actor, ...enemies];
    return { ok: true, input: { units, strikes }, targets: Object.fromEntries(all.map((p) => [`units.${p.model.id}`, p.model.id])), harmKey: `result.${ctx.actor.model.player}=won` };
  },
};

/** A charge at one enemy unit: the unit closes in by its ПДВ; melee begins within 3 steps. */
export const chargeTableAction: TableAction = {
  action: 'charge',
  kind: 'melee',
  targets: 'one',
  offered: (actor, others) => alive(actor) ?? (others.some((o) => isEnemy(actor, o) && !o.model.destroyed) ? null : WORDS.noTarget),
  choices: () => [CHARGE_ORDER, SHOT_FIRST],
  suggest: (actor, others) => {
    const enemies = others.filter((o) => isEnemy(actor, o) && !o.model.destroyed && o.pair !== null);
    enemies.sort((a, b) => (a.pair?.distanceCm ?? 0) - (b.pair?.distanceCm ?? 0));
    return enemies.slice(0, 1).map((p) => p.model.id);
  },
  input: (ctx): TableActionInput => {
    const refused = alive(ctx.actor);
    if (refused) return { ok: false, reason: refused };
    const [target, ...rest] = ctx.targets;
    if (!target || rest.length > 0 || target.pair === null) return { ok: false, reason: WORDS.noTarget };
    if (!isEnemy(ctx.actor, target)) return { ok: false, reason: WORDS.ownSide(target.model.id) };
    const pdv = pdvOf(ctx.actor);
    if (pdv === null) return { ok: false, reason: WORDS.noPdv(ctx.actor.model.id) };
    const gap = target.pair.distanceCm <= BASE_CONTACT_CM ? 0 : steps(target.pair.distanceCm);
    return {
      ok: true,
      input: { order: picked(ctx, CHARGE_ORDER), shot_first: picked(ctx, SHOT_FIRST) === true, models: [{ id: ctx.actor.model.id, gap_steps: gap, pdv }] },
      targets: {},
      harmKey: 'melee=true',
    };
  },
};

/** Consolidation after the melee phase: the acting unit and the enemy units it picks close in. */
export const consolidateTableAction: TableAction = {
  action: 'consolidate',
  kind: 'melee',
  targets: 'many',
  offered: (actor, others) => alive(actor) ?? (enemiesNear(actor, others).length > 0 ? null : WORDS.noEnemyNear),
  choices: () => [FIRST],
  suggest: (actor, others) => enemiesNear(actor, others).map((p) => p.model.id),
  input: (ctx): TableActionInput => {
    const refused = alive(ctx.actor);
    if (refused) return { ok: false, reason: refused };
    const enemies = ctx.targets.filter((t) => isEnemy(ctx.actor, t) && !t.model.destroyed && t.pair !== null);
    if (enemies.length === 0) return { ok: false, reason: WORDS.noEnemyPicked };
    const gapCm = Math.min(...enemies.map((e) => e.pair?.distanceCm ?? 0));
    const unit = (p: TableParty, cm: number) => {
      const pdv = pdvOf(p);
      return pdv === null ? null : { id: p.model.id, player: p.model.player as 'A' | 'B', models: [{ id: p.model.id, gap_steps: cm <= BASE_CONTACT_CM ? 0 : steps(cm), pdv }] };
    };
    const units = [unit(ctx.actor, gapCm), ...enemies.map((e) => unit(e, e.pair?.distanceCm ?? 0))];
    const missing = [ctx.actor, ...enemies].find((_, i) => units[i] === null);
    if (missing) return { ok: false, reason: WORDS.noPdv(missing.model.id) };
    return { ok: true, input: { first_player: picked(ctx, FIRST), units }, targets: {}, harmKey: `units.${ctx.actor.model.id}.in_contact=1` };
  },
};

/** The panic test of a unit that lost a melee: D20 ≤ ЛДР plus the modifier holds (default). */
export const panicTableAction: TableAction = {
  action: 'panic-test',
  kind: 'test',
  targets: 'none',
  offered: (actor) => alive(actor) ?? (unitSheet(actor.model).ok ? null : (unitSheet(actor.model) as { reason: Text }).reason),
  choices: () => [MODIFIER, REROLL],
  suggest: () => [],
  input: (ctx): TableActionInput => {
    const refused = alive(ctx.actor);
    if (refused) return { ok: false, reason: refused };
    const sheet = unitSheet(ctx.actor.model);
    if (!sheet.ok) return { ok: false, reason: sheet.reason };
    return { ok: true, input: { ldr: sheet.sheet.ldr, modifier: Number(picked(ctx, MODIFIER) ?? 0), reroll_failed: picked(ctx, REROLL) === true }, targets: { '': ctx.actor.model.id }, harmKey: 'panic=true' };
  },
};

/** What the unit's order allows when its turn comes (in melee it only fights). */
export const orderCheckTableAction: TableAction = {
  action: 'order-check',
  kind: 'test',
  targets: 'none',
  offered: (actor) => alive(actor),
  choices: () => [ORDER, CONDUCT],
  suggest: () => [],
  input: (ctx): TableActionInput => {
    const refused = alive(ctx.actor);
    if (refused) return { ok: false, reason: refused };
    const inMelee = ctx.others.some((o) => isEnemy(ctx.actor, o) && !o.model.destroyed && near(o));
    return { ok: true, input: { order: picked(ctx, ORDER), conduct: picked(ctx, CONDUCT), in_melee: inMelee }, targets: {}, harmKey: 'allowed=true' };
  },
};

export const zvezdnyDesantTableActions: readonly TableAction[] = [meleeTableAction, chargeTableAction, consolidateTableAction, panicTableAction, orderCheckTableAction];
