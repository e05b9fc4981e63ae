import type { Text } from '../labels.js';
import { enemiesInContact, isEnemy, numberChoice, picked, REFUSALS } from '../table-action-helpers.js';
import type { TableAction, TableParty } from '../table-actions.js';
import type { TableWeapon } from '../table-play.js';
import type { BronepekhotaData } from './data-schema.js';
import raw from './ruleset.json' with { type: 'json' };
import { targetKind, unitTypeOf } from './table-play.js';
import { MAX_SHOOTERS } from './virtual-shot.js';

/**
 * Бронепехота at the table: close combat one on one with an enemy within the close-combat gap,
 * a hand grenade thrown at one model, and a squad volley (the unit's figures and the troopers the
 * player adds) at one target. Each builder writes its action's input from what the table shows.
 */

const data = raw as unknown as BronepekhotaData;

const FIGHTS = new Set(['infantry', 'cyborg', 'creature']);
const fights = (p: TableParty): boolean => FIGHTS.has(p.model.kind);
const isInfantry = (p: TableParty): boolean => p.model.kind === 'infantry';

const WORDS = {
  noFighter: { ru: 'в ближнем бою дерутся пехотинцы, киборги и чужие', en: 'infantry, cyborgs and aliens fight in close combat' },
  noThrower: { ru: 'ручные гранаты есть только у пехотинцев и операторов орудий', en: 'only infantry and gun operators carry hand grenades' },
  noShooters: { ru: 'залп даёт отряд пехоты: выберите бойцов и одну цель', en: 'a volley is fired by an infantry squad: pick its troopers and one target' },
  oneEnemy: { ru: 'у залпа одна цель противника', en: 'a volley has one enemy target' },
  tooMany: { ru: `в залпе не больше ${MAX_SHOOTERS} бойцов`, en: `at most ${MAX_SHOOTERS} troopers fire one volley` },
  notInfantry: (id: string): Text => ({ ru: `${id} — не пехота и в залпе не стреляет`, en: `${id} is not infantry and does not fire in a volley` }),
  noEnemy: { ru: 'на столе нет противника', en: 'no enemy on the table' },
} satisfies Record<string, Text | ((id: string) => Text)>;

const CC = numberChoice('cc', { ru: 'сила ББ бойца', en: "the fighter's melee strength" }, 0, 6, 1);
const ENEMY_CC = numberChoice('enemy-cc', { ru: 'сила ББ противника', en: "the enemy's melee strength" }, 0, 6, 1);

const fighterKind = (p: TableParty): 'infantry' | 'cyborg' | 'alien' => {
  const k = targetKind(p.model.kind);
  return k === 'infantry' || k === 'cyborg' ? k : 'alien';
};

/** A model as the engine's target or fighter: its kind, armour and damage track. */
const track = (p: TableParty) => ({ kind: targetKind(p.model.kind), unit_type: unitTypeOf(p.model.kind, p.model.unitType), damage: p.model.damage });

/** One on one: the actor and the enemy it picked within the close-combat gap strike at once. */
export const closeCombat: TableAction = {
  action: 'close-combat',
  kind: 'melee',
  targets: 'one',
  offered: (actor, others) => {
    if (actor.model.destroyed) return REFUSALS.destroyed;
    if (!fights(actor)) return WORDS.noFighter;
    return enemiesInContact(actor, others, fights).length > 0 ? null : REFUSALS.noContact;
  },
  choices: () => [CC, ENEMY_CC],
  suggest: (actor, others) => enemiesInContact(actor, others, fights).map((p) => p.model.id),
  input: (ctx) => {
    if (!fights(ctx.actor)) return { ok: false, reason: WORDS.noFighter };
    const [target, ...rest] = ctx.targets;
    if (!target || rest.length > 0) return { ok: false, reason: REFUSALS.oneTarget };
    if (!isEnemy(ctx.actor, target)) return { ok: false, reason: REFUSALS.notEnemy(target.model.id) };
    if (!fights(target)) return { ok: false, reason: WORDS.noFighter };
    if (target.pair?.closeCombat !== true) return { ok: false, reason: REFUSALS.notInContact(target.model.id) };
    const side = (p: TableParty, cc: unknown) => ({ cc: Number(cc), armour: p.model.armour, kind: fighterKind(p), unit_type: unitTypeOf(p.model.kind, p.model.unitType), damage: p.model.damage });
    return {
      ok: true,
      input: { distance_cm: target.pair.distanceCm, attacker: side(ctx.actor, picked(ctx, CC)), defender: side(target, picked(ctx, ENEMY_CC)) },
      targets: { attacker: ctx.actor.model.id, defender: target.model.id },
      harmKey: 'defender_struck=true',
    };
  },
};

/** The class of a model's ranged weapon (the grenade check's row); null with close-combat weapons only. */
function weaponClass(weapons: readonly TableWeapon[]): 'light' | 'special' | 'heavy' | null {
  for (const w of weapons) {
    const known = Object.hasOwn(data.weapons, w.id) ? data.weapons[w.id] : undefined;
    if (known) return known.class.value;
  }
  return weapons.some((w) => w.rangeSteps > 0) ? 'light' : null;
}

const throwerRole = (p: TableParty): 'trooper' | 'gun-operator' | null => (isInfantry(p) ? 'trooper' : p.model.kind === 'gun' ? 'gun-operator' : null);

/**
 * A hand grenade at one model (in the attack phase): a trooper besides his shot checks by his
 * weapon's class first; with only close-combat weapons, or a gun's operator, he always throws.
 */
export const grenadeThrow: TableAction = {
  action: 'grenade-throw',
  kind: 'area',
  targets: 'one',
  offered: (actor, others) => {
    if (actor.model.destroyed) return REFUSALS.destroyed;
    if (!throwerRole(actor)) return WORDS.noThrower;
    return others.some((o) => isEnemy(actor, o)) ? null : WORDS.noEnemy;
  },
  choices: () => [],
  suggest: () => [],
  input: (ctx) => {
    const role = throwerRole(ctx.actor);
    if (!role) return { ok: false, reason: WORDS.noThrower };
    const [target, ...rest] = ctx.targets;
    if (!target || rest.length > 0 || !target.pair) return { ok: false, reason: REFUSALS.oneTarget };
    if (!isEnemy(ctx.actor, target)) return { ok: false, reason: REFUSALS.notEnemy(target.model.id) };
    return {
      ok: true,
      input: { distance_cm: target.pair.distanceCm, thrower: { role, weapon_class: weaponClass(ctx.actor.weapons) }, target: { armour: target.model.armour, cover: target.pair.cover, ...track(target) } },
      targets: { '': target.model.id },
      harmKey: 'hit=true',
    };
  },
};

/** One trooper's line in a volley: his weapon by the table's id, else his numbers. */
function shooter(p: TableParty): Record<string, unknown> | null {
  const w = p.weapons.find((x) => Object.hasOwn(data.weapons, x.id)) ?? p.weapons.find((x) => x.rangeSteps > 0);
  if (!w) return null;
  const known = Object.hasOwn(data.weapons, w.id);
  return known ? { weapons: [w.id], ...(w.shooting !== undefined ? { shooting: w.shooting } : {}) } : { shooting: w.shooting ?? 1, range_steps: w.rangeSteps, weapon_class: weaponClass([w]) };
}

/**
 * A squad volley at one target: the acting unit's troopers and the troopers the player adds all
 * fire (Shooting summed, one D6), the defender adds a die per weapon firing; within 2 steps each
 * trooper's hand grenade joins on its check. The range is the actor's tape to the target.
 */
export const volley: TableAction = {
  action: 'volley',
  kind: 'volley',
  targets: 'many',
  offered: (actor, others) => {
    if (actor.model.destroyed) return REFUSALS.destroyed;
    if (!isInfantry(actor) || !shooter(actor)) return WORDS.noShooters;
    const squad = actor.model.figuresLeft > 1 || others.some((o) => !isEnemy(actor, o) && isInfantry(o));
    if (!squad) return WORDS.noShooters;
    return others.some((o) => isEnemy(actor, o)) ? null : WORDS.noEnemy;
  },
  choices: () => [],
  suggest: () => [],
  input: (ctx) => {
    const enemies = ctx.targets.filter((t) => isEnemy(ctx.actor, t));
    const friends = ctx.targets.filter((t) => !isEnemy(ctx.actor, t));
    const [target, ...more] = enemies;
    if (!target?.pair || more.length > 0) return { ok: false, reason: WORDS.oneEnemy };
    const lines: Record<string, unknown>[] = [];
    for (const p of [ctx.actor, ...friends]) {
      if (!isInfantry(p)) return { ok: false, reason: WORDS.notInfantry(p.model.id) };
      const line = shooter(p);
      if (!line) return { ok: false, reason: WORDS.notInfantry(p.model.id) };
      for (let i = 0; i < Math.max(1, p.model.figuresLeft); i++) lines.push(line);
    }
    if (lines.length < 2) return { ok: false, reason: WORDS.noShooters };
    if (lines.length > MAX_SHOOTERS) return { ok: false, reason: WORDS.tooMany };
    return {
      ok: true,
      input: { distance_cm: target.pair.distanceCm, shooters: lines, target: { armour: target.model.armour, cover: target.pair.cover, ...track(target) }, grenades: true },
      targets: { '': target.model.id },
      harmKey: 'hit=true',
    };
  },
};

export const bronepekhotaTableActions: readonly TableAction[] = [closeCombat, grenadeThrow, volley];
