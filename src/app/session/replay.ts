import type { GameEvent } from '../api/game-events.js';
import type { JournalRecord } from '../journal/journal.js';
import { foldGame, type GameState } from './game-state.js';

/**
 * Stepping through a game event by event: every decision and every hub reading is a step;
 * camera and scripted positions (many per second) are folded into the step they precede.
 */
export function replaySteps(records: readonly JournalRecord<GameEvent>[]): number[] {
  return records.filter((r) => r.event.type !== 'positions' || r.event.source === 'manual').map((r) => r.seq);
}

/** The game as it stood once record `seq` was written (later undos not yet made). */
export function stateAt(records: readonly JournalRecord<GameEvent>[], seq: number): GameState {
  return foldGame(records.filter((r) => r.seq <= seq));
}
