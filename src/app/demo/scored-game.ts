import type { GameView } from '../api/view.js';

const NEXT_TURN_RU: Record<string, string> = {
  normal: 'действует как обычно',
  'no-move': 'не может двигаться',
  skip: 'пропускает ход',
  'stands-shoots': 'стоит, но стреляет',
  'shoots-every-other-turn': 'стреляет через ход',
  destroyed: 'уничтожен',
};

/** The scored game as text for a terminal: each shot, then every model's state. */
export function formatScoredGame(view: GameView, journalPath: string): string {
  const name = (id: string | null): string => (id ? `${id} ${view.models.find((m) => m.id === id)?.name ?? '?'}` : '—');
  const lines = [`${view.title} (${view.rulesetName?.ru ?? view.ruleset ?? ''}) — turn ${view.turn}, ${view.players.find((p) => p.id === view.active)?.name ?? view.active} to act`, ''];
  for (const s of view.shots) {
    const a = s.attribution;
    const what = !a.hit ? 'miss' : `hit${a.fell ? ' + fell' : ''}`;
    const die = s.critical ? `, critical d6 = ${s.critical.value} (${s.critical.source})` : '';
    const result = s.result ? ` → damage ${s.result.damage}${s.result.destroyed ? ', destroyed' : ''}, next turn: ${s.result.nextTurn}` : '';
    lines.push(`turn ${s.turn}: ${name(s.shooterId)} → ${name(a.targetId)}: ${what}${die}${result}`);
  }
  lines.push('');
  for (const m of view.models) {
    lines.push(`${m.player} ${m.id.padEnd(3)} ${m.name.padEnd(18)} damage ${m.damage}/${m.stamina}${m.fallen ? ', лежит' : ''} — ${NEXT_TURN_RU[m.nextTurn] ?? m.nextTurn}`);
  }
  lines.push('', `journal: ${journalPath}`);
  return `${lines.join('\n')}\n`;
}
