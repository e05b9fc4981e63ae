import { z } from 'zod';

/**
 * The `shagomer ranges` input as the contract writes it; classes are checked against the system
 * later. Bounded: every pair of models is measured (the work grows with the square of the
 * count), so a scene holds at most SCENE_LIMITS of each thing, all on a table under 100 m.
 */
export const SCENE_LIMITS = { models: 400, terrain: 400, vertices: 256, weapons: 16 } as const;
const Id = z.union([z.string().min(1).max(64), z.number()]).transform(String);
const coordinate = z.number().min(-100_000).max(100_000);
const Point = z.tuple([coordinate, coordinate]);
const size = z.number().positive().max(10_000);

export const SceneModelSchema = z
  .object({
    id: Id,
    player: Id,
    /** Not in the contract's list: models sharing a unit never block each other's sight. Default: the model alone. */
    unit: Id.optional(),
    x_mm: coordinate,
    y_mm: coordinate,
    base_mm: size.default(25),
    height_mm: size.default(40),
    kind: z.string().max(64).default('infantry'),
    fallen: z.boolean().default(false),
    from_mm: Point.optional(),
    speed_steps: z.number().nonnegative().max(10_000).optional(),
    weapons: z
      .array(z.object({ name: z.string().min(1).max(64), range_steps: z.number().nonnegative().max(10_000) }).strict())
      .max(SCENE_LIMITS.weapons)
      .default([]),
  })
  .strict();

export const ScenePieceSchema = z
  .object({
    id: Id,
    polygon_mm: z.array(Point).max(SCENE_LIMITS.vertices),
    height_mm: z.number().nonnegative().max(10_000),
    size: z.enum(['small', 'medium', 'large']),
    grey_zone: z.boolean().default(false),
    cover: z.string().max(64),
    movement: z.string().max(64),
  })
  .strict();

export const SceneSchema = z
  .object({
    ruleset: z.string(),
    models: z.array(SceneModelSchema).max(SCENE_LIMITS.models, `at most ${SCENE_LIMITS.models} models in one scene`),
    terrain: z.array(ScenePieceSchema).max(SCENE_LIMITS.terrain, `at most ${SCENE_LIMITS.terrain} terrain pieces in one scene`).default([]),
  })
  .strict();

export type Scene = z.infer<typeof SceneSchema>;
export type SceneModel = z.infer<typeof SceneModelSchema>;
export type ScenePiece = z.infer<typeof ScenePieceSchema>;
export type SizeClass = ScenePiece['size'];
