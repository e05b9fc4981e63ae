import type { Catalogue } from '../../core/rulesets/catalogue.js';
import type { ResolvedUnit } from '../../core/rulesets/roster.js';
import { ModelKind, type PlayerId } from '../api/game-events.js';
import type { ModelDraft } from '../api/intents.js';
import { unitWeapons } from './catalog.js';

/**
 * The models a checked roster puts on the table: one model per roster unit (a squad keeps its
 * figures together, as the engine counts them), named as the roster names it.
 */
export function rosterModels(units: readonly ResolvedUnit[], player: PlayerId, catalogue: Catalogue): { ok: true; models: ModelDraft[] } | { ok: false; problem: string } {
  const models: ModelDraft[] = [];
  for (const u of units) {
    const kind = ModelKind.safeParse(u.kind);
    if (!kind.success) return { ok: false, problem: `${u.id}: the app has no model kind "${u.kind}"` };
    models.push({
      player,
      // The table names a model by its id beside its name: the roster unit's id would repeat it (A1 A1 Снайпер).
      name: u.name.slice(0, 60),
      kind: kind.data,
      ...(u.unit_type !== null ? { unitType: u.unit_type } : {}),
      armour: u.armour,
      stamina: u.stamina,
      speedSteps: u.speed_steps,
      baseMm: u.base_mm,
      heightMm: u.height_mm,
      weapons: unitWeapons(u.weapons, catalogue.weapons, u.stats.quality),
      ...(u.figures > 1 ? { figures: u.figures } : {}),
      stats: { ...u.stats, catalogue_type: u.type },
      tag: null,
      hitNode: null,
      tiltNode: null,
      launcherNode: null,
    });
  }
  return { ok: true, models };
}
