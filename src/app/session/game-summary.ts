import type { GameSummaryView } from '../api/view.js';
import type { GameState } from './game-state.js';

/**
 * The end-of-game summary from the folded state: per player the models lost, the damage dealt
 * to the enemy, shots and hits (real launcher shots and virtual attacks together), and the
 * table actions its models rolled (close combat, blasts, volleys, tests).
 */
export function gameSummary(state: GameState): GameSummaryView {
  const players = state.created?.players ?? [];
  const playerOf = (id: string | null): string | undefined => (id ? state.models.get(id)?.spec.player : undefined);
  return {
    turns: state.turn,
    players: players.map((p) => {
      const own = [...state.models.values()].filter((m) => m.spec.player === p.id);
      const enemy = [...state.models.values()].filter((m) => m.spec.player !== p.id);
      const shots = state.shots.filter((s) => playerOf(s.shooterId) === p.id);
      const attacks = state.attacks.filter((a) => playerOf(a.event.shooterId) === p.id);
      const attackHit = (o: Record<string, unknown>): boolean => o.hit === true || (o.hit === undefined && typeof o.damage === 'number' && o.damage > 0);
      return {
        id: p.id,
        name: p.name,
        colour: p.colour,
        models: own.length,
        losses: own.filter((m) => m.destroyed).length,
        damageDealt: enemy.reduce((sum, m) => sum + m.damage, 0),
        shots: shots.length + attacks.length,
        hits: shots.filter((s) => s.attribution.hit).length + attacks.filter((a) => attackHit(a.event.output)).length,
        actions: state.tableActions.filter((a) => playerOf(a.event.actorId) === p.id).length,
      };
    }),
  };
}
