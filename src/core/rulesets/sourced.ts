import { z } from 'zod';

/** Where a ruleset value comes from: the seed text, or a default named by the rules digest. */
export const Source = z.enum(['seed', 'default']);
export type Source = z.infer<typeof Source>;

/** Every value of ruleset data carries its source, so a club sees what it may argue about. */
export function sourced<T extends z.ZodTypeAny>(value: T) {
  return z.object({ value, source: Source, note: z.string().optional() }).strict();
}

export interface Sourced<T> {
  value: T;
  source: Source;
  note?: string;
}
