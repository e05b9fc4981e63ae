/**
 * Execution order by initiative (Звездный Десант): highest first across both players; within one
 * player equal initiatives keep the order given (his choice); equal initiatives of both players
 * alternate, the first player's unit first, and the longer run finishes alone.
 */
export interface InitiativeEntry<P> {
  id: string;
  player: P;
  initiative: number;
}

export function initiativeOrder<P>(units: readonly InitiativeEntry<P>[], firstPlayer: P): string[] {
  const levels = [...new Set(units.map((u) => u.initiative))].sort((a, b) => b - a);
  const order: string[] = [];
  for (const level of levels) {
    const at = units.filter((u) => u.initiative === level);
    const first = at.filter((u) => u.player === firstPlayer);
    const second = at.filter((u) => u.player !== firstPlayer);
    for (let i = 0; i < Math.max(first.length, second.length); i++) {
      const a = first[i];
      const b = second[i];
      if (a) order.push(a.id);
      if (b) order.push(b.id);
    }
  }
  return order;
}
