/**
 * Phases of one unit's activation. Each is done at most once and never resumed after another
 * began (Вторжение: maneuver and fire in either order, never interleaved); an ordered system
 * (Бронепехота: maneuver, attack, close combat) also forbids going back. Skipping is allowed.
 */
export interface PhaseRules<P extends string> {
  phases: readonly P[];
  ordered: boolean;
}

export type PhaseCheck = { ok: true } | { ok: false; reason: string };

/** May the unit start `next`, having started the phases in `started` (in order)? */
export function canStartPhase<P extends string>(rules: PhaseRules<P>, started: readonly P[], next: P): PhaseCheck {
  if (!rules.phases.includes(next)) return { ok: false, reason: `"${next}" is not a phase of this system` };
  if (started.includes(next)) return { ok: false, reason: `the ${next} phase was already done this activation` };
  if (rules.ordered) {
    const last = started[started.length - 1];
    if (last !== undefined && rules.phases.indexOf(next) < rules.phases.indexOf(last)) {
      return { ok: false, reason: `the ${next} phase comes before ${last}` };
    }
  }
  return { ok: true };
}
