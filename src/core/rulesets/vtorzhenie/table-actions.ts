import { stepsFor } from '../../measure/measure.js';
import type { Text } from '../labels.js';
import { enemiesInContact, isEnemy, picked, REFUSALS, YES_NO } from '../table-action-helpers.js';
import type { TableAction, TableActionChoice, TableActionContext, TableActionInput, TableParty } from '../table-actions.js';
import type { VtorzhenieData } from './data-schema.js';
import { MAX_BLAST_VICTIMS } from './blast.js';
import raw from './ruleset.json' with { type: 'json' };

/**
 * Вторжение at the table: close combat (contacts from the table's ranges), close combat against a
 * vehicle, ramming, a blast around a point of aim, standing a fallen model up. Each builder writes
 * its action's input from what the table shows and names the output part landing on each model.
 */

const data = raw as unknown as VtorzhenieData;

const FIGHTS = new Set(['infantry', 'cyborg', 'creature']);
const fights = (p: TableParty): boolean => FIGHTS.has(p.model.kind);
const isVehicle = (p: TableParty): boolean => p.model.kind === 'vehicle';
const isGun = (p: TableParty): boolean => p.model.kind === 'gun';

const WORDS = {
  noFighter: { ru: 'в ближнем бою дерутся пехота, некрокиборги и существа', en: 'infantry, necrocyborgs and creatures fight in close combat' },
  noVehicleContact: { ru: 'рядом нет техники противника в контакте', en: 'no enemy vehicle stands in contact' },
  notVehicle: { ru: 'таранит только наземная техника', en: 'only a ground vehicle rams' },
  noBlastWeapon: { ru: 'у модели нет оружия со взрывом (гранатомёт, орудие танка)', en: 'the model has no blast weapon (grenade launcher, tank gun)' },
  nobodyInside: { ru: 'в зоне взрыва никого нет', en: 'nobody is inside the blast' },
  tooMany: { ru: `в зоне взрыва больше ${MAX_BLAST_VICTIMS} моделей: точные шансы считаются не больше чем для ${MAX_BLAST_VICTIMS}`, en: `more than ${MAX_BLAST_VICTIMS} models inside the blast: exact odds are priced for at most ${MAX_BLAST_VICTIMS}` },
  standing: { ru: 'модель стоит', en: 'the model is standing' },
  gunNotStood: { ru: 'орудие не поднимают: упавшее орудие уничтожено', en: 'a gun is not stood up: a gun that falls is destroyed' },
  gunsNotAttacked: { ru: 'орудие не атакуют в ближнем бою, только его расчёт', en: 'a gun is not attacked in close combat, only its crew' },
} satisfies Record<string, Text>;

const ccLabel = (id: string): Text => {
  const w = Object.hasOwn(data.cc_weapons, id) ? data.cc_weapons[id] : undefined;
  return { ru: w?.label_ru ?? id, en: id.replace(/-/g, ' ') };
};

/** A fighter's close-combat weapon: what it carries (CC weapons among its weapons), none, or one named. */
function ccChoice(id: string, label: Text): TableActionChoice {
  return {
    id,
    label,
    values: [
      { value: 'carried', label: { ru: 'что носит', en: 'what it carries' } },
      { value: 'none', label: { ru: 'без оружия ББ', en: 'no melee weapon' } },
      ...Object.keys(data.cc_weapons).map((w) => ({ value: w, label: ccLabel(w) })),
    ],
  };
}

const ACTOR_CC = ccChoice('weapon', { ru: 'оружие ближнего боя', en: 'melee weapon' });
const ENEMY_CC = ccChoice('enemy-weapon', { ru: 'оружие ББ противника', en: "the enemy's melee weapon" });
const SIDE: TableActionChoice = {
  id: 'side',
  label: { ru: 'сторона техники', en: 'side of the vehicle' },
  values: [
    { value: 'front', label: { ru: 'лоб', en: 'front' } },
    { value: 'side', label: { ru: 'борт', en: 'side' } },
    { value: 'rear', label: { ru: 'корма', en: 'rear' } },
  ],
};

/** A fighter's CC, attack and defence dice from its weapons (CC values add up; a sword, a shield roll two). */
function fighter(p: TableParty, weapon: string | number | boolean | undefined): { cc: number; attack_dice: number; defence_dice: number } {
  const ids = weapon === 'none' ? [] : weapon === 'carried' || weapon === undefined ? p.weapons.map((w) => w.id) : [String(weapon)];
  const out = { cc: 0, attack_dice: 1, defence_dice: 1 };
  for (const id of ids) {
    const w = Object.hasOwn(data.cc_weapons, id) ? data.cc_weapons[id] : undefined;
    if (!w) continue;
    out.cc += w.cc.value;
    out.attack_dice = Math.max(out.attack_dice, w.attack_dice.value);
    out.defence_dice = Math.max(out.defence_dice, w.defence_dice.value);
  }
  return out;
}

const scoring = (p: TableParty) => ({ id: p.model.id, kind: p.model.kind as 'infantry' | 'cyborg' | 'creature', stamina: p.model.stamina, damage: p.model.damage });

const notFighter = (actor: TableParty): Text | null => (actor.model.destroyed ? REFUSALS.destroyed : fights(actor) ? null : WORDS.noFighter);

/** Close combat: the actor (and friends the player adds) against the enemies in contact it picked. */
export const closeCombat: TableAction = {
  action: 'close-combat',
  kind: 'melee',
  targets: 'many',
  offered: (actor, others) => notFighter(actor) ?? (enemiesInContact(actor, others, fights).length > 0 ? null : REFUSALS.noContact),
  choices: () => [ACTOR_CC, ENEMY_CC],
  suggest: (actor, others) => enemiesInContact(actor, others, fights).map((p) => p.model.id),
  input: (ctx): TableActionInput => {
    const refused = notFighter(ctx.actor);
    if (refused) return { ok: false, reason: refused };
    const enemies = ctx.targets.filter((t) => isEnemy(ctx.actor, t));
    const friends = ctx.targets.filter((t) => !isEnemy(ctx.actor, t));
    if (enemies.length === 0) return { ok: false, reason: REFUSALS.noContact };
    for (const e of enemies) {
      if (isGun(e)) return { ok: false, reason: WORDS.gunsNotAttacked };
      if (!fights(e)) return { ok: false, reason: WORDS.noFighter };
      if (e.pair?.closeCombat !== true) return { ok: false, reason: REFUSALS.notInContact(e.model.id) };
    }
    if (friends.some((f) => !fights(f))) return { ok: false, reason: WORDS.noFighter };
    const mine = picked(ctx, ACTOR_CC);
    const theirs = picked(ctx, ENEMY_CC);
    const attackers = [ctx.actor, ...friends].map((p) => {
      const f = fighter(p, p === ctx.actor ? mine : 'carried');
      return { cc: f.cc, armour: p.model.armour, attack_dice: f.attack_dice, ...scoring(p) };
    });
    const defenders = enemies.map((p) => {
      const f = fighter(p, theirs);
      return { cc: f.cc, armour: p.model.armour, defence_dice: f.defence_dice, ...scoring(p) };
    });
    const all = [ctx.actor, ...friends, ...enemies];
    return { ok: true, input: { attackers, defenders }, targets: Object.fromEntries(all.map((p) => [`fighters.${p.model.id}`, p.model.id])), harmKey: 'winner=attacker' };
  },
};

/** Close combat against a vehicle in contact: the attackers' D6 + CC against the side's armour. */
export const closeCombatVehicle: TableAction = {
  action: 'close-combat-vehicle',
  kind: 'melee',
  targets: 'one',
  offered: (actor, others) => notFighter(actor) ?? (enemiesInContact(actor, others, isVehicle).length > 0 ? null : WORDS.noVehicleContact),
  choices: () => [SIDE, ACTOR_CC],
  suggest: (actor, others) => enemiesInContact(actor, others, isVehicle).map((p) => p.model.id),
  input: (ctx) => {
    const refused = notFighter(ctx.actor);
    if (refused) return { ok: false, reason: refused };
    const [target, ...rest] = ctx.targets;
    if (!target || rest.length > 0) return { ok: false, reason: REFUSALS.oneTarget };
    if (!isEnemy(ctx.actor, target)) return { ok: false, reason: REFUSALS.notEnemy(target.model.id) };
    if (!isVehicle(target)) return { ok: false, reason: WORDS.noVehicleContact };
    if (target.pair?.closeCombat !== true) return { ok: false, reason: REFUSALS.notInContact(target.model.id) };
    const f = fighter(ctx.actor, picked(ctx, ACTOR_CC));
    return {
      ok: true,
      input: { attackers: [{ cc: f.cc, attack_dice: f.attack_dice }], vehicle: { side: picked(ctx, SIDE), stamina: target.model.stamina, damage: target.model.damage } },
      targets: { '': target.model.id },
      harmKey: 'damaged=true',
    };
  },
};

/** A ground vehicle rams a model it moved into contact with: both roll D6 + armour. */
export const ram: TableAction = {
  action: 'ram',
  kind: 'melee',
  targets: 'one',
  offered: (actor, others) => {
    if (actor.model.destroyed) return REFUSALS.destroyed;
    if (!isVehicle(actor)) return WORDS.notVehicle;
    return enemiesInContact(actor, others, (p) => !isGun(p)).length > 0 ? null : REFUSALS.noContact;
  },
  choices: () => [SIDE],
  suggest: (actor, others) => enemiesInContact(actor, others, (p) => !isGun(p)).map((p) => p.model.id),
  input: (ctx) => {
    if (!isVehicle(ctx.actor)) return { ok: false, reason: WORDS.notVehicle };
    const [target, ...rest] = ctx.targets;
    if (!target || rest.length > 0) return { ok: false, reason: REFUSALS.oneTarget };
    if (!isEnemy(ctx.actor, target)) return { ok: false, reason: REFUSALS.notEnemy(target.model.id) };
    if (isGun(target)) return { ok: false, reason: WORDS.gunsNotAttacked };
    if (target.pair?.closeCombat !== true) return { ok: false, reason: REFUSALS.notInContact(target.model.id) };
    const vehicle = isVehicle(target);
    const kind = vehicle ? 'vehicle' : (target.model.kind as 'infantry' | 'cyborg' | 'creature');
    return {
      ok: true,
      input: {
        rammer: { armour: ctx.actor.model.armour, stamina: ctx.actor.model.stamina, damage: ctx.actor.model.damage },
        target: vehicle ? { kind, side: picked(ctx, SIDE), stamina: target.model.stamina, damage: target.model.damage } : { kind, armour: target.model.armour, stamina: target.model.stamina, damage: target.model.damage },
      },
      targets: { target: target.model.id, rammer: ctx.actor.model.id },
      harmKey: vehicle ? 'target_effect=damaged' : 'target_effect=killed',
    };
  },
};

const blastWeapons = (p: TableParty): string[] => p.weapons.map((w) => w.id).filter((id) => Object.hasOwn(data.weapons, id) && data.weapons[id]?.blast);

const blastChoice = (actor: TableParty): TableActionChoice => ({
  id: 'weapon',
  label: { ru: 'оружие', en: 'weapon' },
  values: blastWeapons(actor).map((id) => ({ value: id, label: { ru: data.weapons[id]?.label_ru ?? id, en: id.replace(/-/g, ' ') } })),
});

function blastOf(actor: TableParty, ctx: Pick<TableActionContext, 'choices'>): { weapon: string; power: number; radiusSteps: number } | null {
  const weapon = picked(ctx, blastChoice(actor));
  const b = typeof weapon === 'string' && Object.hasOwn(data.weapons, weapon) ? data.weapons[weapon]?.blast?.value : undefined;
  return b && typeof weapon === 'string' ? { weapon, power: b.power, radiusSteps: b.radius_steps } : null;
}

/**
 * A blast around the point of aim (after a hit with a grenade launcher or a tank gun): every
 * model inside the radius, by the system's steps from the aim point, takes a hit of the blast's
 * Power; each victim's part `victims.<id>` lands on its model. Guns are never shot virtually.
 */
export const blast: TableAction = {
  action: 'blast',
  kind: 'area',
  targets: 'radius',
  offered: (actor) => (actor.model.destroyed ? REFUSALS.destroyed : blastWeapons(actor).length > 0 ? null : WORDS.noBlastWeapon),
  choices: (actor) => [blastChoice(actor)],
  suggest: () => [],
  radiusCm: (actor, choices) => {
    const b = blastOf(actor, { choices });
    return b ? b.radiusSteps * data.distance.unit_cm.value : null;
  },
  input: (ctx) => {
    const b = blastOf(ctx.actor, ctx);
    if (!b) return { ok: false, reason: WORDS.noBlastWeapon };
    if (!ctx.aim) return { ok: false, reason: WORDS.nobodyInside };
    const distances = ctx.aim.distancesCm;
    const inside = [ctx.actor, ...ctx.others]
      .filter((p) => !isGun(p) && !p.model.destroyed && Object.hasOwn(distances, p.model.id))
      .map((p) => ({ p, cm: distances[p.model.id] as number }))
      .filter(({ cm }) => stepsFor(cm, data.distance) <= b.radiusSteps)
      .sort((x, y) => x.cm - y.cm);
    if (inside.length === 0) return { ok: false, reason: WORDS.nobodyInside };
    if (inside.length > MAX_BLAST_VICTIMS) return { ok: false, reason: WORDS.tooMany };
    const victims = inside.map(({ p, cm }) => ({ id: p.model.id, distance_cm: cm, armour: p.model.armour, stamina: p.model.stamina, damage: p.model.damage, vehicle: isVehicle(p) }));
    const first = inside[0]?.p.model.id ?? '';
    return { ok: true, input: { weapon: b.weapon, victims }, targets: Object.fromEntries(inside.map(({ p }) => [`victims.${p.model.id}`, p.model.id])), harmKey: `victims.${first}.penetrated=true` };
  },
};

const AT_START: TableActionChoice = { id: 'at-start', label: { ru: 'в начале своего хода', en: 'at the start of its turn' }, values: YES_NO(true) };

/** A fallen model stood up by its owner at the start of his turn, for 5 of its speed. */
export const standUp: TableAction = {
  action: 'stand-up',
  kind: 'test',
  targets: 'none',
  offered: (actor) => (actor.model.destroyed ? REFUSALS.destroyed : isGun(actor) ? WORDS.gunNotStood : actor.model.fallen ? null : WORDS.standing),
  choices: () => [AT_START],
  suggest: () => [],
  input: (ctx) => {
    const m = ctx.actor.model;
    if (!m.fallen) return { ok: false, reason: WORDS.standing };
    const kind = m.kind as 'infantry' | 'cyborg' | 'creature' | 'vehicle';
    return { ok: true, input: { kind, armour: m.armour, at_start_of_turn: picked(ctx, AT_START) === true, fallen: true }, targets: { '': m.id }, harmKey: 'allowed=true' };
  },
};

export const vtorzhenieTableActions: readonly TableAction[] = [closeCombat, closeCombatVehicle, ram, blast, standUp];
