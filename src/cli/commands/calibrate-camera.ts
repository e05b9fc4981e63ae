/**
 * `shagomer calibrate-camera IMAGES… [--board charuco:7x5:30:22:DICT_4X4_50] --out camera.json`:
 * intrinsics from photographs of the printed ChArUco board.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs, stringFlag } from '../args.js';
import { CliError } from '../cli-error.js';
import { loadOpenCvNode } from '../../vision/opencv-node.js';
import { calibrateFromViews, MIN_VIEWS, type NamedView } from '../../vision/calibrate.js';
import { cameraFileFromIntrinsics } from '../../vision/camera-file.js';
import { createCharucoDetector, DEFAULT_CHARUCO, formatBoardSpec, parseBoardSpec } from '../../vision/charuco.js';
import { rgbaToGray } from '../../vision/image.js';
import { ImageFileError, readImageFile } from '../../vision/image-file-node.js';

/** Above this the lens model does not fit the photographs: retake them rather than trust it. */
const MAX_RMS_PX = 1;
const USAGE = `usage: shagomer calibrate-camera IMAGES... [--board ${formatBoardSpec(DEFAULT_CHARUCO)}] --out camera.json`;

export async function run(args: string[]): Promise<number> {
  const p = parseArgs(args, ['board', 'out']);
  const out = stringFlag(p, 'out');
  if (out === undefined) throw new CliError(`--out is required; ${USAGE}`);
  if (p.positional.length === 0) throw new CliError(`no images given; ${USAGE}`);
  const board = parseBoardSpec(stringFlag(p, 'board') ?? formatBoardSpec(DEFAULT_CHARUCO));
  if (typeof board === 'string') throw new CliError(`--board: ${board}`);

  const cv = await loadOpenCvNode();
  const detector = createCharucoDetector(cv, board);
  const views: NamedView[] = [];
  const wrongSize: string[] = [];
  let size: [number, number] | null = null;
  try {
    for (const path of p.positional) {
      let image;
      try {
        image = await readImageFile(path);
      } catch (e) {
        if (e instanceof ImageFileError) throw new CliError(`${path}: ${e.message}`);
        throw e;
      }
      size ??= [image.width, image.height];
      if (image.width !== size[0] || image.height !== size[1]) {
        wrongSize.push(`${path} (${image.width}x${image.height}, the first image is ${size[0]}x${size[1]})`);
        continue;
      }
      views.push({ name: path, ...detector.detect(rgbaToGray(image)) });
    }
  } finally {
    detector.delete();
  }
  if (wrongSize.length > 0) throw new CliError(`images differ in size: ${wrongSize.join('; ')}`);
  const [w, h] = size as [number, number];
  const result = calibrateFromViews(cv, board, views, w, h);
  const bad = (list: { name: string; reason: string }[]): string => (list.length === 0 ? '' : `; bad images: ${list.map((r) => `${r.name} (${r.reason})`).join(', ')}`);
  if (!result.ok) {
    throw new CliError(`refused: ${result.reason} (photograph the ${formatBoardSpec(board)} board from ${MIN_VIEWS}+ angles, filling the corners of the frame)${bad(result.rejected)}`, 3);
  }
  const c = result.value;
  if (c.rmsPx > MAX_RMS_PX) {
    throw new CliError(`refused: RMS reprojection error ${c.rmsPx.toFixed(3)} px is above ${MAX_RMS_PX} px (blurred or moved photographs, or a board printed off-scale?)${bad(c.rejected)}`, 3);
  }
  const k = c.intrinsics;
  try {
    await writeFile(out, `${JSON.stringify(cameraFileFromIntrinsics(k), null, 2)}\n`);
  } catch (e) {
    throw new CliError(`${out}: cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  process.stdout.write(
    `RMS ${c.rmsPx.toFixed(3)} px from ${c.used.length} of ${views.length} views; fx ${k.fx.toFixed(1)} fy ${k.fy.toFixed(1)} cx ${k.cx.toFixed(1)} cy ${k.cy.toFixed(1)}; wrote ${out}${bad(c.rejected)}\n`,
  );
  return 0;
}
