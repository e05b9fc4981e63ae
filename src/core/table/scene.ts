import { z } from 'zod';

/** The `shagomer ranges` input as the contract writes it; classes are checked against the system later. */
const Id = z.union([z.string().min(1), z.number()]).transform(String);
const Point = z.tuple([z.number(), z.number()]);

export const SceneModelSchema = z
  .object({
    id: Id,
    player: Id,
    /** Not in the contract's list: models sharing a unit never block each other's sight. Default: the model alone. */
    unit: Id.optional(),
    x_mm: z.number(),
    y_mm: z.number(),
    base_mm: z.number().positive().default(25),
    height_mm: z.number().positive().default(40),
    kind: z.string().default('infantry'),
    fallen: z.boolean().default(false),
    from_mm: Point.optional(),
    speed_steps: z.number().nonnegative().optional(),
    weapons: z.array(z.object({ name: z.string().min(1), range_steps: z.number().nonnegative() }).strict()).default([]),
  })
  .strict();

export const ScenePieceSchema = z
  .object({
    id: Id,
    polygon_mm: z.array(Point),
    height_mm: z.number().nonnegative(),
    size: z.enum(['small', 'medium', 'large']),
    grey_zone: z.boolean().default(false),
    cover: z.string(),
    movement: z.string(),
  })
  .strict();

export const SceneSchema = z
  .object({
    ruleset: z.string(),
    models: z.array(SceneModelSchema),
    terrain: z.array(ScenePieceSchema).default([]),
  })
  .strict();

export type Scene = z.infer<typeof SceneSchema>;
export type SceneModel = z.infer<typeof SceneModelSchema>;
export type ScenePiece = z.infer<typeof ScenePieceSchema>;
export type SizeClass = ScenePiece['size'];
