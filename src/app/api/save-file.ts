import { z } from 'zod';
import { Paper } from './setup.js';

/**
 * "Save as…" from the Electron window (a browser downloads instead): the renderer names what
 * to save, the main process takes the bytes from its own files (a game's journal, the wizard's
 * PDF, camera and table files), asks where with the system's save dialog and writes there. Only
 * a roster comes from the renderer, as bounded JSON text. Over the `shagomer:save-file` channel.
 */
export const MAX_SAVED_TEXT_BYTES = 1024 * 1024;

export const SaveFileRequest = z.discriminatedUnion('kind', [
  /** A game's journal as exported (`/api/games/ID/export` in a browser). */
  z.object({ kind: z.literal('game'), gameId: z.string().regex(/^[a-z0-9-]{1,64}$/, 'a game id: a-z, 0-9 and -, at most 64') }).strict(),
  /** The marker sheets the wizard last printed for this paper. */
  z.object({ kind: z.literal('markers-pdf'), paper: Paper }).strict(),
  /** The wizard's camera file (live calibration) or table profile. */
  z.object({ kind: z.literal('camera') }).strict(),
  z.object({ kind: z.literal('table') }).strict(),
  /** A roster from the roster editor: its JSON text and a suggested file name. */
  z
    .object({
      kind: z.literal('roster'),
      name: z.string().regex(/^[\p{L}\p{N} _.-]{1,80}$/u, 'a file name of letters, digits, space, _ . -, at most 80'),
      text: z.string().max(MAX_SAVED_TEXT_BYTES),
    })
    .strict(),
]);
export type SaveFileRequest = z.infer<typeof SaveFileRequest>;

export const SaveFileReply = z.union([
  /** Saved at `path`; `path: null` when the referee cancelled the dialog (nothing written). */
  z.object({ ok: z.literal(true), path: z.string().nullable() }).strict(),
  z.object({ ok: z.literal(false), problem: z.string() }).strict(),
]);
export type SaveFileReply = z.infer<typeof SaveFileReply>;
