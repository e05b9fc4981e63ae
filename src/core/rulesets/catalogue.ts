import { z } from 'zod';

/**
 * A system's roster catalogue, as data: the unit types a club builds its armies from, their
 * figures, weapons, options and costs, and the army's limits. Every entry says whether its
 * numbers come from the seed or are the digest's defaults (the seeds lost most stat sheets).
 * Checked by `CatalogueSchema` in the tests; rosters are checked against it by `roster.ts`.
 */

const TextSchema = z.object({ ru: z.string().min(1), en: z.string().min(1) }).strict();
const Source = z.enum(['seed', 'default']);
const StatValue = z.union([z.number(), z.string(), z.boolean()]);

export const CatalogueWeaponSchema = z
  .object({
    label: TextSchema,
    range_steps: z.number().nonnegative(),
    /** The system's own weapon stats (power, shooting, quality die, rate of fire, Хрк…). */
    stats: z.record(z.string(), StatValue).default({}),
    /** Extra cost per figure that carries it (Звездный Десант); 0 where nothing costs points. */
    points: z.number().nonnegative().default(0),
    source: Source,
    note: z.string().optional(),
  })
  .strict();

export const CatalogueOptionSchema = z
  .object({
    id: z.string().min(1).max(40),
    label: TextSchema,
    /** Cost of taking it once. */
    points: z.number().nonnegative().default(0),
    /** Weapons it gives the figure that takes it. */
    weapons: z.array(z.string()).default([]),
    /** Stats it sets on the unit (a shield's defence, an armour suit). */
    stats: z.record(z.string(), StatValue).default({}),
    /** How often one unit may take it; null = once per figure. */
    max_per_unit: z.int().positive().nullable().default(null),
    source: Source,
  })
  .strict();

export const CatalogueUnitTypeSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,40}$/),
    label: TextSchema,
    /** The app's model kind (infantry, vehicle, gun, cyborg, creature). */
    kind: z.string().min(1),
    /** The system's finer row (Бронепехота's damage table `unit_type`), when it has one. */
    unit_type: z.string().optional(),
    figures: z.object({ min: z.int().positive(), max: z.int().positive(), default: z.int().positive() }).strict(),
    /** Cost of one figure; 0 in systems without points. */
    points_per_figure: z.number().nonnegative().default(0),
    armour: z.int().nonnegative(),
    /** What destroys one figure: stamina, max damage or СТК. */
    stamina: z.int().positive(),
    speed_steps: z.number().nonnegative(),
    base_mm: z.number().positive(),
    height_mm: z.number().positive(),
    /** The system's own stats (КБР, БСП, ЛДР, quality die…). */
    stats: z.record(z.string(), StatValue).default({}),
    weapons: z.array(z.string()),
    options: z.array(CatalogueOptionSchema).default([]),
    /** Sensors such a model usually carries: the setup offers node fields for these. */
    sensors: z.array(z.enum(['hit', 'tilt', 'launcher'])).default([]),
    source: Source,
    note: z.string().optional(),
  })
  .strict()
  .refine((u) => u.figures.min <= u.figures.default && u.figures.default <= u.figures.max, { message: 'needs min ≤ default ≤ max', path: ['figures'] });

export const CatalogueSchema = z
  .object({
    unit_types: z.array(CatalogueUnitTypeSchema).min(1),
    weapons: z.record(z.string(), CatalogueWeaponSchema),
    limits: z
      .object({
        /** The army's cost limit (Звездный Десант «Стычка»: 500); null = no points. */
        points_max: z.number().positive().nullable(),
        /** Most figures in one army; null = no limit. */
        figures_max: z.int().positive().nullable(),
        /** Fewest and most units in one army. */
        units_min: z.int().nonnegative(),
        units_max: z.int().positive().nullable(),
        source: Source,
        note: z.string().optional(),
      })
      .strict(),
    /** Stats a roster may set by hand on a unit (a club's own figure), with their bounds. */
    custom_stats: z.record(z.string(), z.object({ min: z.number(), max: z.number() }).strict()).default({}),
  })
  .strict()
  .superRefine((c, ctx) => {
    const ids = new Set<string>();
    c.unit_types.forEach((u, i) => {
      if (ids.has(u.id)) ctx.addIssue({ code: 'custom', path: ['unit_types', i, 'id'], message: `"${u.id}" twice` });
      ids.add(u.id);
      const weapons = [...u.weapons, ...u.options.flatMap((o) => o.weapons)];
      for (const w of weapons) if (!Object.hasOwn(c.weapons, w)) ctx.addIssue({ code: 'custom', path: ['unit_types', i, 'weapons'], message: `no weapon "${w}" in the catalogue` });
    });
  });

export type Catalogue = z.output<typeof CatalogueSchema>;
export type CatalogueInput = z.input<typeof CatalogueSchema>;
export type CatalogueUnitType = Catalogue['unit_types'][number];
export type CatalogueWeapon = Catalogue['weapons'][string];

/**
 * Builds a catalogue from its data, filling the schema's defaults by hand: parsing four
 * catalogues at every start would slow `shagomer resolve`'s cold start. The tests hold every
 * system's catalogue to `CatalogueSchema` (a parse must give it back unchanged).
 */
export function defineCatalogue(raw: CatalogueInput): Catalogue {
  return {
    weapons: Object.fromEntries(Object.entries(raw.weapons).map(([id, w]) => [id, { ...w, stats: w.stats ?? {}, points: w.points ?? 0 }])),
    limits: raw.limits,
    custom_stats: raw.custom_stats ?? {},
    unit_types: raw.unit_types.map((u) => ({
      ...u,
      points_per_figure: u.points_per_figure ?? 0,
      stats: u.stats ?? {},
      sensors: u.sensors ?? [],
      options: (u.options ?? []).map((o) => ({ ...o, points: o.points ?? 0, weapons: o.weapons ?? [], stats: o.stats ?? {}, max_per_unit: o.max_per_unit ?? null })),
    })),
  };
}
