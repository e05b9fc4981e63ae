import { z } from 'zod';

/**
 * The set-up wizard's requests (print, camera, table check) and their replies: over
 * `POST /api/setup` in a browser and the `shagomer:setup` IPC channel in Electron. The files
 * themselves (table.json, camera.json, table-check.json, markers-PAPER.pdf) live under the
 * data folder's `calibration/`; the camera and table files are checked again by vision.
 */

export const Paper = z.enum(['a4', 'letter']);
export type Paper = z.infer<typeof Paper>;

/** What the table step measured, kept so the step can be skipped next time. */
export const TableCheck = z
  .object({
    anchorsFound: z.array(z.int().nonnegative().max(999)).max(64),
    reprojectionPx: z.number().nonnegative().max(1000),
    cameraHeightMm: z.number().min(0).max(20_000),
    ruler: z
      .object({ tagA: z.int().nonnegative().max(999), tagB: z.int().nonnegative().max(999), expectedMm: z.number().positive().max(10_000), measuredMm: z.number().nonnegative().max(10_000) })
      .strict()
      .nullable(),
  })
  .strict();
export type TableCheck = z.infer<typeof TableCheck>;

export const SetupRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status') }).strict(),
  /** Writes the table profile for this table and the marker sheets as a PDF. */
  z
    .object({
      type: z.literal('print'),
      paper: Paper,
      widthMm: z.number().min(300).max(5000),
      depthMm: z.number().min(300).max(5000),
      /** The language of the printed words (the wizard's; default ru). */
      lang: z.enum(['ru', 'en']).default('ru'),
    })
    .strict(),
  /** A camera file made by the wizard's live calibration (checked by vision's parser). */
  z.object({ type: z.literal('save-camera'), camera: z.unknown(), rmsPx: z.number().nonnegative().max(100), viewsUsed: z.int().positive().max(1000) }).strict(),
  z.object({ type: z.literal('save-table-check'), check: TableCheck }).strict(),
  /** Serial devices the machine has (Electron: serialport's list; a browser gets an empty list). */
  z.object({ type: z.literal('serial-ports') }).strict(),
  /** Opens the sensor hub on this port (a listed device or a pty's path), replacing the one open. */
  z.object({ type: z.literal('connect-serial'), path: z.string().min(1).max(200) }).strict(),
]);
export type SetupRequest = z.infer<typeof SetupRequest>;

export const SetupStatus = z
  .object({
    /** Which files exist: a step whose file exists may be skipped. */
    print: z.boolean(),
    camera: z.boolean(),
    table: z.boolean(),
    /** The printed table's size, when the profile exists. */
    tableMm: z.object({ widthMm: z.number(), depthMm: z.number() }).nullable(),
    tagMm: z.number().nullable(),
    /** Where the PDF can be fetched (browser), by paper. */
    pdf: z.object({ a4: z.string().nullable(), letter: z.string().nullable() }),
    cameraRmsPx: z.number().nullable(),
    tableCheck: TableCheck.nullable(),
    folder: z.string(),
  })
  .strict();
export type SetupStatus = z.infer<typeof SetupStatus>;

export const SerialPorts = z.array(z.object({ path: z.string(), label: z.string() }).strict());
export type SerialPorts = z.infer<typeof SerialPorts>;

export const SetupReply = z.union([
  z.object({ ok: z.literal(true), status: SetupStatus, ports: SerialPorts.optional() }).strict(),
  z.object({ ok: z.literal(false), problem: z.string() }).strict(),
]);
export type SetupReply = z.infer<typeof SetupReply>;
