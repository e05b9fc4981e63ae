import { afterEach, describe, expect, it } from 'vitest';
import type { ModelView } from '../../src/app/api/view.js';
import { buildRoster, checkSummary, closeTable, deploy, endGame, importRoster, LANGS, look, newGame, openTable, replayAll, startGame, view, type Lang, type Table, type UnitPick } from './game-steps.js';

/**
 * One whole game of a system, played in Chromium in each language: what differs between the
 * systems is the plan; the frame around it (a fresh table, both rosters, deployment by dragging,
 * the turns, the end, its summary and the replay step by step) is the same for all four.
 */
export interface GamePlan {
  system: string;
  /** How the suite is named: `a Вторжение game` (the language is added). */
  name: string;
  /** A pty pair to a simulated hub for real launcher shots. */
  serial: boolean;
  title: Record<Lang, string>;
  /** Player A's army, built in the roster editor from the catalogue. */
  built: UnitPick[];
  /** Player B's army, a roster file from another club, loaded into the editor. */
  imported: { units: unknown[]; name?: string };
  /** Each model after both rosters, as `describe` writes it, in order. */
  roll: { describe: (m: ModelView) => string; expect: string[] };
  /** After A's army is built (its points checked). */
  afterBuilt?: (t: Table) => Promise<void>;
  /** After both rosters, before deployment (sensors bound to models). */
  beforeDeploy?: (t: Table) => Promise<void>;
  /** Where each model is dragged, from the table's size in millimetres. */
  places: (w: number, d: number) => Record<string, [number, number]>;
  /** The game itself, from the first turn to the last. */
  turns: (t: Table, size: { W: number; D: number }) => Promise<void>;
  /** Record types the replay steps through, and how many there are of some. */
  replay: { contains: string[]; counts: Record<string, number> };
}

const REPLAYED = ['game-created', 'model-added', 'setup-finished', 'terrain-set', 'turn-ended', 'game-ended'];

export function playGame(plan: GamePlan): void {
  describe.each(LANGS)(`${plan.name} in %s`, (lang) => {
    let t: Table | undefined;
    afterEach(async () => closeTable(t));

    it('plays from the rosters to the replay', { timeout: 240_000 }, async () => {
      t = await openTable(plan.system, lang, plan.serial);
      const p = t.page;
      await newGame(t, plan.system, plan.title[lang]);

      await buildRoster(t, 'A', plan.built);
      await plan.afterBuilt?.(t);
      await importRoster(t, 'B', { system: plan.system, player: 'B', ...plan.imported }, { ru: 'roster-B.json: ростер загружен', en: 'roster-B.json: roster loaded' });
      expect((await view(p)).models.map(plan.roll.describe)).toEqual(plan.roll.expect);
      await plan.beforeDeploy?.(t);

      const { widthMm: W, depthMm: D } = (await view(p)).table;
      await deploy(t, plan.places(W, D));
      await look(t, plan.system, 'setup');
      await startGame(t);
      await plan.turns(t, { W, D });

      const end = await endGame(t);
      await checkSummary(t, end);
      await look(t, plan.system, 'summary');
      const steps = await replayAll(t, plan.system);
      for (const type of [...REPLAYED, ...plan.replay.contains]) expect(steps).toContain(type);
      for (const [type, n] of Object.entries(plan.replay.counts)) expect(steps.filter((x) => x === type), type).toHaveLength(n);
      expect(t.errors).toEqual([]);
    });
  });
}
