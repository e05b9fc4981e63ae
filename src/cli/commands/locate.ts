/**
 * `shagomer locate IMAGE --profile table.json [--camera camera.json] [--background EMPTY] [--objects] [--geometric] [--json]`:
 * anchors, camera pose and every tag in table millimetres from one photograph; with
 * `--objects` or `--background` every miniature by the learned detector (issue 9: one contract in
 * both modes; the empty table, when given, is an extra input), with `--geometric --background`
 * by the geometric rules (issue 3's detector, the baseline).
 */
import { parseArgs, stringFlag } from '../args.js';
import { CliError } from '../cli-error.js';
import { readJsonInput } from '../read-input.js';
import { loadOpenCvNode } from '../../vision/opencv-node.js';
import { createLocator, type LocateFailure, type LocateReport } from '../../vision/locate.js';
import { ImageFileError, readImageFile } from '../../vision/image-file-node.js';
import { parseCameraFile, parseTableProfile } from '../../vision/parse-files.js';
import type { RgbaImage } from '../../vision/image.js';
import { detectObjects, locateObjects, type LocateObject } from '../../vision/objects/detect-objects.js';
import { learnedLocateObjects } from '../../vision/learned/learned-detector.js';
import { detectWithTagsNear } from '../../vision/learned/tags-near.js';
import { loadLearnedDetectorNode } from '../../vision/learned/onnx-node.js';
import type { CameraIntrinsics } from '../../vision/camera-model.js';
import { anchorShiftPx, CAMERA_MOVED_PX } from '../../vision/camera-moved.js';
import type { OpenCv } from '../../vision/cv-types.js';
import type { DetectedMarker } from '../../vision/detect-markers.js';
import type { TableProfile } from '../../vision/table-profile.js';

const USAGE = 'usage: shagomer locate IMAGE --profile table.json [--camera camera.json] [--objects] [--background EMPTY_TABLE_IMAGE] [--model MODEL.onnx | --geometric] [--json]';

export async function run(args: string[]): Promise<number> {
  const parsed = parseArgs(args, ['profile', 'camera', 'background', 'model'], ['json', 'objects', 'geometric']);
  const [imagePath, ...extra] = parsed.positional;
  if (imagePath === undefined || extra.length > 0) throw new CliError(`expected exactly one IMAGE; ${USAGE}`);
  const profilePath = stringFlag(parsed, 'profile');
  if (profilePath === undefined) throw new CliError(`--profile is required; ${USAGE}`);
  const cameraPath = stringFlag(parsed, 'camera');
  const backgroundPath = stringFlag(parsed, 'background');

  const profile = parseTableProfile(await readJsonInput(profilePath));
  if (!profile.ok) throw new CliError(`${profilePath}: ${profile.message}`);
  let intrinsics;
  if (cameraPath !== undefined) {
    const camera = parseCameraFile(await readJsonInput(cameraPath));
    if (!camera.ok) throw new CliError(`${cameraPath}: ${camera.message}`);
    intrinsics = camera.value;
  }
  const image = await readImage(imagePath);
  if (intrinsics && (intrinsics.widthPx !== image.width || intrinsics.heightPx !== image.height)) {
    throw new CliError(`${cameraPath}: image_size ${intrinsics.widthPx}x${intrinsics.heightPx} does not match ${imagePath} (${image.width}x${image.height}); calibrate at the resolution you photograph at`);
  }
  let background: RgbaImage | undefined;
  if (backgroundPath !== undefined) {
    background = await readImage(backgroundPath);
    if (background.width !== image.width || background.height !== image.height) {
      throw new CliError(`${backgroundPath}: ${background.width}x${background.height} does not match ${imagePath} (${image.width}x${image.height})`);
    }
  }

  const geometric = parsed.flags.has('geometric');
  if (geometric && background === undefined) throw new CliError(`--geometric needs --background (its rules compare the frame with the empty table); ${USAGE}`);
  const modelPath = stringFlag(parsed, 'model');
  if (geometric && modelPath !== undefined) throw new CliError(`--model and --geometric exclude each other; ${USAGE}`);
  const wantLearned = !geometric && (parsed.flags.has('objects') || background !== undefined);
  if (modelPath !== undefined && !wantLearned) throw new CliError(`--model needs --objects or --background; ${USAGE}`);
  const learned = wantLearned ? await loadLearnedDetectorNode(modelPath) : null;
  if (learned && !learned.ok) throw new CliError(learned.problem);

  const cv = await loadOpenCvNode();
  const locator = createLocator(cv, profile.value, intrinsics);
  try {
    const result = locator.locate(image);
    if (!result.ok) throw failure(result.error, imagePath, profilePath);
    const { report: tagsReport, pose, intrinsics: lens } = result.value;
    // The empty table must come from the same fixed camera (the frame's pose then maps it too):
    // its anchors are found and compared with the frame's. A stale one makes every change a model,
    // so the learned detector goes on without it and the geometric rules, which need it, stop.
    if (background && backgroundPath !== undefined) {
      const moved = cameraMoved(cv, profile.value, intrinsics, background, result.value.markers);
      if (moved) {
        const problem = `${backgroundPath}: ${moved} since the empty table was shot`;
        if (geometric) throw new CliError(`${problem}; --geometric needs an empty table from the same camera`);
        process.stderr.write(`locate: ${problem}: objects found without it (shoot the empty table again)\n`);
        background = undefined;
      }
    }
    let report: LocateReport & { objects?: LocateObject[] } = tagsReport;
    if (learned?.ok) {
      const input = { frame: image, pose, intrinsics: lens, table: profile.value.table, background: background ?? null, tags: tagsReport.tags };
      // Models found with no tag read are looked at again for one (a small tag the frame's search missed).
      const { detection, tags } = await detectWithTagsNear(learned.detector, input, (points) => locator.tagsNear(image, result.value, points));
      await learned.detector.release();
      report = { ...tagsReport, tags: [...tagsReport.tags, ...tags].sort((a, b) => a.id - b.id), objects: learnedLocateObjects(detection) };
    } else if (background) {
      report = { ...tagsReport, objects: locateObjects(detectObjects({ pose, intrinsics: lens, table: profile.value.table, background, frame: image, tags: tagsReport.tags })) };
    }
    if (result.value.intrinsicsGuessed) {
      process.stderr.write('locate: no --camera given: lens estimated from the anchors, heights and parallax are approximate\n');
    }
    process.stdout.write(parsed.flags.has('json') ? `${JSON.stringify(rounded(report))}\n` : describe(report));
    return 0;
  } finally {
    locator.delete();
  }
}

/** Why the empty table is not the frame's camera's (its anchors not found, or shifted), or null when it is. */
function cameraMoved(cv: OpenCv, profile: TableProfile, intrinsics: CameraIntrinsics | undefined, background: RgbaImage, frameMarkers: readonly DetectedMarker[]): string | null {
  // A locator of its own: the frame's keeps what it found for the look near untagged models.
  const locator = createLocator(cv, profile, intrinsics);
  try {
    const r = locator.locate(background);
    if (!r.ok) return 'its anchors are not found';
    const shift = anchorShiftPx(frameMarkers, r.value.markers, profile.anchors.markers.map((m) => m.id));
    if (shift === null) return 'it shows none of the anchors the frame shows';
    return shift > CAMERA_MOVED_PX ? `the camera moved (the anchors are ${shift.toFixed(1)} px away from where it saw them)` : null;
  } finally {
    locator.delete();
  }
}

async function readImage(path: string): Promise<RgbaImage> {
  try {
    return await readImageFile(path);
  } catch (e) {
    if (e instanceof ImageFileError) throw new CliError(`${path}: ${e.message}`);
    throw e;
  }
}

function failure(e: LocateFailure, imagePath: string, profilePath: string): CliError {
  switch (e.kind) {
    case 'too-few-anchors':
      return new CliError(
        `${imagePath}: found anchors [${e.found.join(', ')}] of [${e.expected.join(', ')}], need ${e.needed}; check the lighting (glare, shadows on the anchors), the focus, and that ${profilePath} matches the printed anchors`,
        3,
      );
    case 'image-size':
      return new CliError(`${imagePath}: ${e.actual[0]}x${e.actual[1]} does not match the camera's image_size ${e.expected[0]}x${e.expected[1]}`);
  }
}

/** Tenths of a millimetre and hundredths of a pixel: beyond that the digits are noise. */
function rounded(r: LocateReport & { objects?: LocateObject[] }): LocateReport & { objects?: LocateObject[] } {
  const mm = (v: number): number => Math.round(v * 10) / 10;
  return {
    image_size: r.image_size,
    reprojection_px: Math.round(r.reprojection_px * 1000) / 1000,
    camera_position_mm: r.camera_position_mm.map(mm) as [number, number, number],
    anchors_found: r.anchors_found,
    tags: r.tags.map((t) => ({ id: t.id, x_mm: mm(t.x_mm), y_mm: mm(t.y_mm), z_mm: mm(t.z_mm) })),
    ...(r.objects ? { objects: r.objects.map((o) => ({ x_mm: mm(o.x_mm), y_mm: mm(o.y_mm), fallen: o.fallen, tag: o.tag, ...(o.confidence === undefined ? {} : { confidence: o.confidence }) })) } : {}),
  };
}

function describe(r: LocateReport & { objects?: LocateObject[] }): string {
  const [cx, cy, cz] = r.camera_position_mm.map((v) => v.toFixed(0));
  const lines = [
    `anchors ${r.anchors_found.join(', ')}; reprojection ${r.reprojection_px.toFixed(2)} px; camera at (${cx}, ${cy}) mm, ${cz} mm up`,
    ...(r.tags.length === 0 ? ['no tags seen'] : r.tags.map((t) => `tag ${String(t.id).padStart(2)}  x ${t.x_mm.toFixed(1).padStart(7)} mm  y ${t.y_mm.toFixed(1).padStart(7)} mm  (${t.z_mm} mm up)`)),
    ...(r.objects === undefined
      ? []
      : [`${r.objects.length} objects on the table`, ...r.objects.map((o) => `object  x ${o.x_mm.toFixed(1).padStart(7)} mm  y ${o.y_mm.toFixed(1).padStart(7)} mm  ${o.fallen ? 'FALLEN' : 'standing'}${o.tag === null ? '' : `  tag ${o.tag}`}${o.confidence === undefined ? '' : `  ${Math.round(o.confidence * 100)} %`}`)]),
  ];
  return `${lines.join('\n')}\n`;
}
