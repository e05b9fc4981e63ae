import type { Text } from '../labels.js';
import { isEnemy, picked } from '../table-action-helpers.js';
import type { TableAction, TableActionChoice, TableActionInput, TableParty } from '../table-actions.js';
import { stalnayaVoynaCatalogue } from './catalogue.js';
import { SV_DICE } from './dice-names.js';
import { CASUALTY_KINDS, MELEE_WEAPONS, MORALE_STATES } from './mechanics-schema.js';
import { SV_LABELS } from './result-labels.js';
import raw from './ruleset.json' with { type: 'json' };
import { catalogueType, inches, svSheet, weaponStats } from './unit-stats.js';

/**
 * Стальная война at the table: the paired melee of the acting unit with the enemy units in contact
 * (weapon die steps picked), the charge test and where the charge stopped, the morale test with
 * the threat counted from the attackers picked, unsuppressing, a casualty's wound (flamethrower,
 * robot, armoured suit, flak vests), whether a weapon may fire, the exploding backpack, a guided
 * missile, going prone and standing up. Distances on the table are in inches.
 */

const MAX_OPPONENTS = raw.melee.max_opponents_of_one.value;
const BACKPACK_IN = raw.flamethrower.backpack_radius_in.value;
/** At most this many figures fight in one melee from the table (the action's bound: 50 fights). */
const MAX_FIGHTS = 50;

const WORDS = {
  destroyed: { ru: 'отделение уничтожено', en: 'the unit is destroyed' },
  noContact: { ru: 'рядом нет противника в контакте', en: 'no enemy stands in contact' },
  noEnemyPicked: { ru: 'выберите отделение противника', en: 'pick an enemy unit' },
  oneTarget: { ru: 'выберите одну цель', en: 'pick one target' },
  notSuppressed: { ru: 'на отделении нет маркеров подавления', en: 'the unit has no suppression markers' },
  noWeapon: { ru: 'у отделения нет такого оружия', en: 'the unit has no such weapon' },
  noPower: (id: string): Text => ({ ru: `у оружия «${id}» не указана кость мощи`, en: `the weapon "${id}" has no power die` }),
  nobodyNear: { ru: `в ${BACKPACK_IN} дюймах от носителя никого нет`, en: `nobody is within ${BACKPACK_IN}" of the carrier` },
  tooMany: { ru: 'в зоне взрыва больше 10 бойцов', en: 'more than 10 figures inside the blast' },
  notInContact: (id: string): Text => ({ ru: `${id} не в контакте`, en: `${id} is not in contact` }),
  ownSide: (id: string): Text => ({ ru: `${id} — своё отделение`, en: `${id} is on your own side` }),
} satisfies Record<string, Text | ((id: string) => Text)>;

const inContact = (p: TableParty): boolean => p.pair?.closeCombat === true;
const enemiesInContact = (actor: TableParty, others: readonly TableParty[]): TableParty[] => others.filter((o) => isEnemy(actor, o) && !o.model.destroyed && inContact(o));
const alive = (actor: TableParty): Text | null => (actor.model.destroyed ? WORDS.destroyed : null);


const label = (code: string): Text => (Object.hasOwn(SV_LABELS, code) ? (SV_LABELS[code] as Text) : { ru: code, en: code });
const yesNo = (id: string, l: Text, first = false): TableActionChoice => {
  const yes = { value: true, label: { ru: 'да', en: 'yes' } };
  const no = { value: false, label: { ru: 'нет', en: 'no' } };
  return { id, label: l, values: first ? [yes, no] : [no, yes] };
};
const numbers = (id: string, l: Text, values: readonly number[]): TableActionChoice => ({ id, label: l, values: values.map((n) => ({ value: n, label: { ru: String(n), en: String(n) } })) });
const dieChoice = (id: string, l: Text, first: string): TableActionChoice => ({ id, label: l, values: [first, ...SV_DICE.filter((d) => d !== first)].map((d) => ({ value: d, label: { ru: `к${d.slice(1)}`, en: d } })) });

const MELEE_WEAPON_LABELS: Readonly<Record<(typeof MELEE_WEAPONS)[number], Text>> = {
  'melee-weapon': { ru: 'холодное оружие', en: 'melee weapon' },
  pistol: { ru: 'пистолет', en: 'pistol' },
  shotgun: { ru: 'дробовик', en: 'shotgun' },
  smg: { ru: 'пистолет-пулемёт', en: 'SMG' },
  flamethrower: { ru: 'огнемёт', en: 'flamethrower' },
  rifle: { ru: 'винтовка', en: 'rifle' },
  none: { ru: 'без оружия', en: 'no weapon' },
};
const meleeWeapon = (id: string, l: Text): TableActionChoice => ({ id, label: l, values: (['rifle', ...MELEE_WEAPONS.filter((w) => w !== 'rifle')] as const).map((w) => ({ value: w, label: MELEE_WEAPON_LABELS[w] })) });
const OWN_WEAPON = meleeWeapon('weapon', { ru: 'оружие в рукопашной', en: 'weapon in close combat' });
const ENEMY_WEAPON = meleeWeapon('enemy-weapon', { ru: 'оружие противника', en: "the enemy's weapon" });
const MORALE: TableActionChoice = { id: 'morale', label: { ru: 'боевой дух', en: 'morale' }, values: MORALE_STATES.map((m) => ({ value: m, label: label(m) })) };
const CHARGE_MORALE: TableActionChoice = { id: 'morale', label: { ru: 'боевой дух', en: 'morale' }, values: (['steady', 'shaken'] as const).map((m) => ({ value: m, label: label(m) })) };
const DEFENSIVE_CASUALTIES = numbers('casualties', { ru: 'потери от огня в упор (0 — первый тест)', en: 'casualties from the defensive fire (0: the first test)' }, [0, 1, 2, 3, 4, 5, 6]);
const MELEE_CASUALTIES = numbers('melee_casualties', { ru: 'потери в рукопашной', en: 'melee casualties' }, [0, 1, 2, 3, 4, 5, 6]);
const TERRIFYING = yesNo('terrifying', { ru: 'атакуют «страшные»', en: 'terrifying attackers' });
const ATTEMPT = numbers('attempt', { ru: 'попытка в эту активацию', en: 'attempt this activation' }, [1, 2]);
const FRAGMENTS = yesNo('fragments', { ru: 'осколки (артиллерия, гранаты)', en: 'fragments (artillery, grenades)' });
const FLAMETHROWER = yesNo('flamethrower', { ru: 'огнемёт стрелял один', en: 'a flamethrower firing alone' });
const ROBOT_WOUNDED = yesNo('robot_wounded', { ru: 'робот уже ранен', en: 'the robot is already wounded' });
const FIRED = numbers('fired', { ru: 'уже стреляло в эту активацию', en: 'times fired this activation' }, [0, 1, 2]);
const SHOTS_FIRED = numbers('shots_fired', { ru: 'выстрелов за бой', en: 'shots fired this battle' }, [0, 1, 2, 3, 4, 5, 6]);
const GUIDANCE = dieChoice('guidance', { ru: 'кость системы наведения', en: 'guidance die' }, 'd8');
const EVASION = dieChoice('evasion', { ru: 'кость уклонения цели', en: "the target's evasion die" }, 'd6');
const IN_WATER = yesNo('in_water', { ru: 'отделение в воде', en: 'the unit is in water' });
const STAND_BY: TableActionChoice = {
  id: 'by',
  label: { ru: 'как встать', en: 'how to stand up' },
  values: [
    { value: 'action', label: { ru: 'потратить действие', en: 'spend an action' } },
    { value: 'test', label: { ru: 'тест командира', en: "a commander's test" } },
  ],
};

/** The unit's weapons as a choice (what it fires, what wounds). */
const weaponLabel = (id: string): Text => (Object.hasOwn(stalnayaVoynaCatalogue.weapons, id) ? (stalnayaVoynaCatalogue.weapons[id] as { label: Text }).label : { ru: id, en: id });
const weaponChoice = (p: TableParty): TableActionChoice => ({ id: 'weapon', label: { ru: 'оружие', en: 'weapon' }, values: p.weapons.map((w) => ({ value: w.id, label: weaponLabel(w.id) })) });

/** A casualty's kind from the unit: the catalogue's robot is a robot, a suit an armoured suit. */
function kindOf(p: TableParty): (typeof CASUALTY_KINDS)[number] {
  const type = catalogueType(p.model);
  if (type?.id === 'robot') return 'robot';
  if (type?.unit_type === 'armoured-suit' || p.model.unitType === 'armoured-suit') return 'armoured-suit';
  return 'infantry';
}

function sheetOf(p: TableParty) {
  const s = svSheet(p.model);
  return s.ok ? s.sheet : null;
}

const needSheet = (p: TableParty): Text | null => {
  const s = svSheet(p.model);
  return s.ok ? null : s.reason;
};

/**
 * Fighters in pairs: the figures of the two sides face one another one on one; the larger
 * side's extra figures join the fights in turn, so every fight stays one against several.
 */
function pairUp(attackers: number, defenders: number, attacker: object, defender: object): { attackers: object[]; defenders: object[] }[] {
  const n = Math.min(attackers, defenders);
  const fights = Array.from({ length: n }, () => ({ attackers: [attacker], defenders: [defender] }));
  const extra = Math.max(attackers, defenders) - n;
  for (let i = 0; i < extra; i++) {
    const f = fights[i % n] as { attackers: object[]; defenders: object[] };
    if (attackers > defenders) f.attackers.push(attacker);
    else f.defenders.push(defender);
  }
  return fights;
}

/** Close combat of the acting unit with one enemy unit in contact: pairs, dice raised by weapon. */
export const pairedMeleeTableAction: TableAction = {
  action: 'paired-melee',
  kind: 'melee',
  targets: 'one',
  offered: (actor, others) => alive(actor) ?? needSheet(actor) ?? (enemiesInContact(actor, others).length > 0 ? null : WORDS.noContact),
  choices: () => [OWN_WEAPON, ENEMY_WEAPON],
  suggest: (actor, others) => enemiesInContact(actor, others).slice(0, 1).map((p) => p.model.id),
  input: (ctx): TableActionInput => {
    const refused = alive(ctx.actor) ?? needSheet(ctx.actor);
    if (refused) return { ok: false, reason: refused };
    const [enemy, ...rest] = ctx.targets;
    if (!enemy || rest.length > 0) return { ok: false, reason: WORDS.oneTarget };
    if (!isEnemy(ctx.actor, enemy)) return { ok: false, reason: WORDS.ownSide(enemy.model.id) };
    if (!inContact(enemy)) return { ok: false, reason: WORDS.notInContact(enemy.model.id) };
    const enemySheet = svSheet(enemy.model);
    if (!enemySheet.ok) return { ok: false, reason: enemySheet.reason };
    const a = Math.max(1, ctx.actor.model.figuresLeft);
    const d = Math.max(1, enemy.model.figuresLeft);
    const fighter = (quality: string, weapon: string | number | boolean | undefined) => ({ quality, weapons: weapon === undefined || weapon === 'none' ? [] : [String(weapon)] });
    const fights = pairUp(a, d, fighter((sheetOf(ctx.actor) as { quality: string }).quality, picked(ctx, OWN_WEAPON)), fighter(enemySheet.sheet.quality, picked(ctx, ENEMY_WEAPON)));
    if (fights.length > MAX_FIGHTS || fights.some((f) => f.attackers.length > MAX_OPPONENTS || f.defenders.length > MAX_OPPONENTS)) {
      return { ok: false, reason: { ru: `против одного бойца не больше ${MAX_OPPONENTS}`, en: `at most ${MAX_OPPONENTS} fighters against one` } };
    }
    return { ok: true, input: { fights }, targets: {}, harmKey: 'morale_first=defender' };
  },
};

/** The charge test of the acting unit: quality die > leadership + 1 (steady) or + 3 (shaken). */
export const chargeTestTableAction: TableAction = {
  action: 'charge-test',
  kind: 'test',
  targets: 'none',
  offered: (actor) => alive(actor) ?? needSheet(actor),
  choices: () => [CHARGE_MORALE, DEFENSIVE_CASUALTIES],
  suggest: () => [],
  input: (ctx): TableActionInput => {
    const s = svSheet(ctx.actor.model);
    if (!s.ok) return { ok: false, reason: s.reason };
    const casualties = Number(picked(ctx, DEFENSIVE_CASUALTIES) ?? 0);
    return { ok: true, input: { quality: s.sheet.quality, leadership: s.sheet.leadership, morale: picked(ctx, CHARGE_MORALE), ...(casualties > 0 ? { casualties_from_defensive_fire: casualties } : {}) }, targets: {}, harmKey: 'charges=true' };
  },
};

/** Where the chargers stopped: the gap on the table to the enemy unit, in inches. */
export const chargeReachTableAction: TableAction = {
  action: 'charge-reach',
  kind: 'melee',
  targets: 'one',
  offered: (actor, others) => alive(actor) ?? (others.some((o) => isEnemy(actor, o) && !o.model.destroyed) ? null : WORDS.noEnemyPicked),
  choices: () => [],
  suggest: (actor, others) => {
    const enemies = others.filter((o) => isEnemy(actor, o) && !o.model.destroyed && o.pair !== null);
    enemies.sort((x, y) => (x.pair?.distanceCm ?? 0) - (y.pair?.distanceCm ?? 0));
    return enemies.slice(0, 1).map((p) => p.model.id);
  },
  input: (ctx): TableActionInput => {
    const [enemy, ...rest] = ctx.targets;
    if (!enemy || rest.length > 0 || enemy.pair === null) return { ok: false, reason: WORDS.oneTarget };
    return { ok: true, input: { gap_in: inches(enemy.pair.distanceCm) }, targets: {}, harmKey: 'reached=true' };
  },
};

/** The morale test: quality die > leadership + threat, the threat counted from the attackers picked. */
export const moraleTableAction: TableAction = {
  action: 'morale',
  kind: 'test',
  targets: 'many',
  offered: (actor) => alive(actor) ?? needSheet(actor),
  choices: () => [MORALE, MELEE_CASUALTIES, TERRIFYING],
  suggest: (actor, others) => enemiesInContact(actor, others).map((p) => p.model.id),
  input: (ctx): TableActionInput => {
    const s = svSheet(ctx.actor.model);
    if (!s.ok) return { ok: false, reason: s.reason };
    const attackers = ctx.targets.filter((t) => isEnemy(ctx.actor, t) && !t.model.destroyed).reduce((n, t) => n + Math.max(0, t.model.figuresLeft), 0);
    return {
      ok: true,
      input: {
        quality: s.sheet.quality,
        leadership: s.sheet.leadership,
        morale: picked(ctx, MORALE),
        threat_from: { attackers, defenders: Math.max(1, ctx.actor.model.figuresLeft), terrifying: picked(ctx, TERRIFYING) === true, melee_casualties: Number(picked(ctx, MELEE_CASUALTIES) ?? 0) },
      },
      targets: {},
      harmKey: 'passed=true',
    };
  },
};

/** «Расподавление»: quality die > leadership removes one of the unit's suppression markers. */
export const unsuppressTableAction: TableAction = {
  action: 'unsuppress',
  kind: 'test',
  targets: 'none',
  offered: (actor) => alive(actor) ?? needSheet(actor) ?? (actor.model.suppression > 0 ? null : WORDS.notSuppressed),
  choices: () => [ATTEMPT],
  suggest: () => [],
  input: (ctx): TableActionInput => {
    const s = svSheet(ctx.actor.model);
    if (!s.ok) return { ok: false, reason: s.reason };
    if (ctx.actor.model.suppression < 1) return { ok: false, reason: WORDS.notSuppressed };
    return { ok: true, input: { quality: s.sheet.quality, leadership: s.sheet.leadership, suppression: Math.min(3, ctx.actor.model.suppression), attempt: picked(ctx, ATTEMPT) }, targets: { '': ctx.actor.model.id }, harmKey: 'passed=true' };
  },
};

/** One casualty of the acting unit's fire on the target: its weapon's power die against the armour. */
export const casualtyTableAction: TableAction = {
  action: 'casualty',
  kind: 'test',
  targets: 'one',
  offered: (actor) => alive(actor) ?? (actor.weapons.some((w) => weaponStats(w.id).power !== null) ? null : WORDS.noWeapon),
  choices: (actor) => [weaponChoice(actor), FRAGMENTS, FLAMETHROWER, ROBOT_WOUNDED],
  suggest: () => [],
  input: (ctx): TableActionInput => {
    const [target, ...rest] = ctx.targets;
    if (!target || rest.length > 0) return { ok: false, reason: WORDS.oneTarget };
    const weapon = String(picked(ctx, weaponChoice(ctx.actor)) ?? '');
    if (!ctx.actor.weapons.some((w) => w.id === weapon)) return { ok: false, reason: WORDS.noWeapon };
    const power = weaponStats(weapon).power;
    if (!power) return { ok: false, reason: WORDS.noPower(weapon) };
    const kind = kindOf(target);
    const armour = svSheet(target.model).ok ? (sheetOf(target) as { armour: string }).armour : undefined;
    // Infantry armour comes from the sheet (ordinary d4, full armour d6); flak vests and suits by kind.
    const own = kind === 'infantry' && armour !== undefined && armour !== 'd4' ? { armour } : {};
    return {
      ok: true,
      input: { power, target: { kind, ...own, robot_wounded: kind === 'robot' && picked(ctx, ROBOT_WOUNDED) === true }, fragments: picked(ctx, FRAGMENTS) === true, flamethrower: picked(ctx, FLAMETHROWER) === true },
      targets: { '': target.model.id },
      harmKey: 'out_of_action=true',
    };
  },
};

/** May the weapon fire now: once per activation (emplaced heavy weapons twice), ammunition left. */
export const weaponCheckTableAction: TableAction = {
  action: 'weapon-check',
  kind: 'test',
  targets: 'none',
  offered: (actor) => alive(actor) ?? (actor.weapons.length > 0 ? null : WORDS.noWeapon),
  choices: (actor) => [weaponChoice(actor), FIRED, SHOTS_FIRED],
  suggest: () => [],
  input: (ctx): TableActionInput => {
    const weapon = String(picked(ctx, weaponChoice(ctx.actor)) ?? '');
    if (!ctx.actor.weapons.some((w) => w.id === weapon)) return { ok: false, reason: WORDS.noWeapon };
    const emplaced = weaponStats(weapon).emplaced;
    const onVehicle = ctx.actor.model.kind === 'vehicle';
    const ammo = Object.hasOwn(raw.ammunition, weapon) ? { ammunition: weapon } : {};
    return {
      ok: true,
      input: { weapon: { ...ammo, heavy_infantry: emplaced, emplaced: emplaced && !onVehicle, on_vehicle: onVehicle }, fired_this_activation: picked(ctx, FIRED), shots_fired_in_battle: picked(ctx, SHOTS_FIRED) },
      targets: {},
      harmKey: 'may_fire=true',
    };
  },
};

/** A backpack flamethrower's carrier is hit: every figure within 4" of him (the aim) takes a flamethrower hit. */
export const backpackTableAction: TableAction = {
  action: 'backpack-explosion',
  kind: 'area',
  targets: 'radius',
  offered: (actor) => alive(actor) ?? (actor.weapons.some((w) => weaponStats(w.id).power !== null) ? null : WORDS.noWeapon),
  choices: (actor) => [weaponChoice(actor)],
  suggest: () => [],
  input: (ctx): TableActionInput => {
    const weapon = String(picked(ctx, weaponChoice(ctx.actor)) ?? '');
    const power = weaponStats(weapon).power;
    if (!power) return { ok: false, reason: WORDS.noPower(weapon) };
    const distances = ctx.aim?.distancesCm ?? {};
    const caught = ctx.targets.filter((t) => !t.model.destroyed && Object.hasOwn(distances, t.model.id) && inches(distances[t.model.id] as number) <= BACKPACK_IN + 1e-9);
    if (caught.length === 0) return { ok: false, reason: WORDS.nobodyNear };
    if (caught.length > 10) return { ok: false, reason: WORDS.tooMany };
    const figures = caught.map((t) => ({ id: t.model.id, distance_in: inches(distances[t.model.id] as number), target: { kind: kindOf(t), robot_wounded: false } }));
    return { ok: true, input: { power, figures }, targets: {}, harmKey: `outcome.${figures[0]?.id ?? ''}=killed` };
  },
};

/** A guided missile: quality and guidance dice against the target's evasion die. */
export const guidedMissileTableAction: TableAction = {
  action: 'guided-missile',
  kind: 'area',
  targets: 'one',
  offered: (actor) => alive(actor) ?? needSheet(actor),
  choices: () => [GUIDANCE, EVASION],
  suggest: () => [],
  input: (ctx): TableActionInput => {
    const s = svSheet(ctx.actor.model);
    if (!s.ok) return { ok: false, reason: s.reason };
    const [target, ...rest] = ctx.targets;
    if (!target || rest.length > 0) return { ok: false, reason: WORDS.oneTarget };
    if (!isEnemy(ctx.actor, target)) return { ok: false, reason: WORDS.ownSide(target.model.id) };
    return { ok: true, input: { shooter: { quality: s.sheet.quality, guidance: picked(ctx, GUIDANCE) }, target: { evasion: picked(ctx, EVASION) } }, targets: { '': target.model.id }, harmKey: 'result=casualties' };
  },
};

/** «Залегание»: one action; the unit cannot move while prone. */
export const lieDownTableAction: TableAction = {
  action: 'lie-down',
  kind: 'test',
  targets: 'none',
  offered: (actor) => alive(actor) ?? (actor.model.kind === 'infantry' ? null : { ru: 'залегает только пехота', en: 'only infantry goes prone' }),
  choices: () => [IN_WATER],
  suggest: () => [],
  input: (ctx): TableActionInput => ({ ok: true, input: { in_water: picked(ctx, IN_WATER) === true }, targets: {}, harmKey: 'prone=true' }),
};

/** Standing up from prone: an action, or a commander's test that lets the unit move at once. */
export const standUpTableAction: TableAction = {
  action: 'stand-up',
  kind: 'test',
  targets: 'none',
  offered: (actor) => alive(actor) ?? (actor.model.kind === 'infantry' ? null : { ru: 'встаёт только пехота', en: 'only infantry stands up' }),
  choices: () => [STAND_BY],
  suggest: () => [],
  input: (ctx): TableActionInput => {
    if (picked(ctx, STAND_BY) === 'action') return { ok: true, input: { by: 'action' }, targets: {}, harmKey: 'passed=true' };
    const s = svSheet(ctx.actor.model);
    if (!s.ok) return { ok: false, reason: s.reason };
    return { ok: true, input: { by: 'test', quality: s.sheet.quality, leadership: s.sheet.leadership }, targets: {}, harmKey: 'passed=true' };
  },
};

export const stalnayaVoynaTableActions: readonly TableAction[] = [
  pairedMeleeTableAction,
  chargeTestTableAction,
  chargeReachTableAction,
  moraleTableAction,
  unsuppressTableAction,
  casualtyTableAction,
  weaponCheckTableAction,
  backpackTableAction,
  guidedMissileTableAction,
  lieDownTableAction,
  standUpTableAction,
];
