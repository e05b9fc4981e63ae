import type { Text } from './labels.js';
import type { TableActionChoice, TableActionContext, TableParty } from './table-actions.js';

/**
 * Small pieces every system's table actions share: who is an enemy, who stands in contact, a
 * choice's value as picked (or its first value), and the words of the refusals they all give.
 */

export const isEnemy = (actor: TableParty, other: TableParty): boolean => other.model.player !== actor.model.player;

/** Enemies standing in contact with the actor (the table geometry's close-combat contact). */
export function enemiesInContact(actor: TableParty, others: readonly TableParty[], accept: (p: TableParty) => boolean = () => true): TableParty[] {
  return others.filter((o) => isEnemy(actor, o) && !o.model.destroyed && o.pair?.closeCombat === true && accept(o));
}

/** The value a choice has in the context: the player's pick if it is one of its values, else its first value. */
export function picked(ctx: Pick<TableActionContext, 'choices'>, choice: TableActionChoice): string | number | boolean | undefined {
  const v = Object.hasOwn(ctx.choices, choice.id) ? ctx.choices[choice.id] : undefined;
  return choice.values.some((x) => x.value === v) ? v : choice.values[0]?.value;
}

/** A choice of a whole number from `from` to `to`, the first value `first`. */
export function numberChoice(id: string, label: Text, from: number, to: number, first: number): TableActionChoice {
  const values = [first, ...Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((n) => n !== first)];
  return { id, label, values: values.map((n) => ({ value: n, label: { ru: String(n), en: String(n) } })) };
}

export const YES_NO = (first: boolean): TableActionChoice['values'] => {
  const yes = { value: true, label: { ru: 'да', en: 'yes' } };
  const no = { value: false, label: { ru: 'нет', en: 'no' } };
  return first ? [yes, no] : [no, yes];
};

export const REFUSALS = {
  destroyed: { ru: 'модель уничтожена', en: 'the model is destroyed' },
  noContact: { ru: 'рядом нет противника в контакте', en: 'no enemy stands in contact' },
  notInContact: (name: string): Text => ({ ru: `${name} не в контакте`, en: `${name} is not in contact` }),
  notEnemy: (name: string): Text => ({ ru: `${name} — своя модель`, en: `${name} is on your own side` }),
  oneTarget: { ru: 'выберите одну цель', en: 'pick one target' },
} satisfies Record<string, Text | ((name: string) => Text)>;
