/** The replayable game: events in, state out. See the "Game state" section of src/core/README.md. */
export { GameEventSchema, ModelSpecSchema, OverrideSchema, PlayerSchema, type GameEvent, type GameEventInput, type GameEventType, type ModelSpec, type Override, type Player } from './events.js';
export { applyEvent, foldGame, tryApplyEvent, type ApplyOutcome } from './apply-event.js';
export { emptyGame, type GameState, type JournalEntry, type ModelState, type OverrideEntry, type RejectedEvent, type TurnState, type UndoEntry } from './state.js';
export { allowanceNow, executionOrder, mayActNext } from './turn-engine.js';
