/** table.json and camera.json from parsed JSON: a value or one line saying what is wrong. */
import type { z } from 'zod';
import { CameraFileSchema, intrinsicsFromCameraFile } from './camera-file.js';
import type { CameraIntrinsics } from './camera-model.js';
import { isDictionaryName } from './dictionaries.js';
import { TableProfileSchema, type TableProfile } from './table-profile.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
  return `${path}: ${issue.message}`;
}

export function parseTableProfile(json: unknown): Parsed<TableProfile> {
  const r = TableProfileSchema.safeParse(json);
  if (!r.success) return { ok: false, message: `not a table profile (${firstIssue(r.error)})` };
  const ids = r.data.anchors.markers.map((m) => m.id);
  if (new Set(ids).size !== ids.length) return { ok: false, message: 'not a table profile (anchors.markers: an id appears twice)' };
  for (const [where, name] of [['anchors', r.data.anchors.dictionary], ['tags', r.data.tags.dictionary]] as const) {
    if (!isDictionaryName(name)) return { ok: false, message: `not a table profile (${where}.dictionary: "${name}" is not one of the supported dictionaries)` };
  }
  return { ok: true, value: r.data };
}

export function parseCameraFile(json: unknown): Parsed<CameraIntrinsics> {
  const r = CameraFileSchema.safeParse(json);
  if (!r.success) return { ok: false, message: `not a camera file (${firstIssue(r.error)})` };
  const k = intrinsicsFromCameraFile(r.data);
  if (!(k.fx > 0 && k.fy > 0)) return { ok: false, message: 'not a camera file (camera_matrix: focal lengths must be positive)' };
  return { ok: true, value: k };
}
