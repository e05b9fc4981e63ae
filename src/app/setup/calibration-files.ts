import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SetupStatus, TableCheck, type Paper, type SerialPorts, type SetupReply, type SetupRequest } from '../api/setup.js';
import { cameraFileFromIntrinsics } from '../../vision/camera-file.js';
import { DEFAULT_CHARUCO } from '../../vision/charuco.js';
import { parseCameraFile, parseTableProfile } from '../../vision/parse-files.js';
import { markerPdf } from '../../vision/marker-pdf.js';
import { loadOpenCvNode } from '../../vision/opencv-node.js';
import { loadSheetFontNode } from '../../vision/sheet-font-node.js';
import { defaultTableProfile } from '../../vision/table-profile.js';

/** DICT_4X4_50 holds ids 0–49; the anchors take theirs, the rest are base tags. */
const DICTIONARY_SIZE = 50;
const MAX_FILE_BYTES = 1024 * 1024;

/**
 * The wizard's files under `DATA/calibration/`: the table profile and the marker PDF it was
 * printed from, the camera file from the live calibration, and the table check. Every file is
 * written whole (temp + rename) and read back through vision's parsers, so a damaged file makes
 * its step due again instead of breaking the camera.
 */
/** The front end's hub: `serve` and the Electron main process each own theirs. */
export interface HubControl {
  list(): Promise<SerialPorts>;
  connect(path: string): Promise<{ ok: true } | { ok: false; problem: string }>;
}

export class CalibrationFiles {
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly hub: HubControl | null = null,
  ) {
    this.dir = join(dataDir, 'calibration');
  }

  private path(name: string): string {
    return join(this.dir, name);
  }

  private readJson(name: string): unknown {
    const p = this.path(name);
    if (!existsSync(p)) return undefined;
    try {
      const text = readFileSync(p, 'utf8');
      return text.length > MAX_FILE_BYTES ? undefined : (JSON.parse(text) as unknown);
    } catch {
      return undefined;
    }
  }

  private write(name: string, body: string | Uint8Array): void {
    mkdirSync(this.dir, { recursive: true });
    const tmp = this.path(`.${name}.tmp`);
    writeFileSync(tmp, body);
    renameSync(tmp, this.path(name));
  }

  /** The table profile and camera file the vision worker needs, when both are there and valid. */
  files(): { profile: unknown; camera: unknown } | null {
    const profile = this.readJson('table.json');
    const camera = this.readJson('camera.json');
    if (!parseTableProfile(profile).ok || !parseCameraFile(camera).ok) return null;
    return { profile, camera };
  }

  pdfFile(paper: Paper): string | null {
    const p = this.path(`markers-${paper}.pdf`);
    return existsSync(p) ? p : null;
  }

  status(): SetupStatus {
    const profile = parseTableProfile(this.readJson('table.json'));
    const cameraJson = this.readJson('camera.json');
    const camera = parseCameraFile(cameraJson);
    const rms = camera.ok && typeof cameraJson === 'object' && cameraJson !== null && 'rms_px' in cameraJson && typeof cameraJson.rms_px === 'number' ? cameraJson.rms_px : null;
    const check = TableCheck.safeParse(this.readJson('table-check.json'));
    return SetupStatus.parse({
      print: profile.ok,
      camera: camera.ok,
      table: check.success,
      tableMm: profile.ok ? { widthMm: profile.value.table.width_mm, depthMm: profile.value.table.depth_mm } : null,
      tagMm: profile.ok ? profile.value.tags.size_mm : null,
      pdf: { a4: this.pdfFile('a4') ? '/api/setup/markers-a4.pdf' : null, letter: this.pdfFile('letter') ? '/api/setup/markers-letter.pdf' : null },
      cameraRmsPx: rms,
      tableCheck: check.success ? check.data : null,
      folder: this.dir,
    });
  }

  async handle(req: SetupRequest): Promise<SetupReply> {
    try {
      switch (req.type) {
        case 'status':
          return { ok: true, status: this.status() };
        case 'serial-ports':
          return { ok: true, status: this.status(), ports: this.hub ? await this.hub.list() : [] };
        case 'connect-serial': {
          if (!this.hub) return { ok: false, problem: 'this front end cannot open a sensor hub' };
          const r = await this.hub.connect(req.path);
          return r.ok ? { ok: true, status: this.status() } : r;
        }
        case 'print': {
          const profile = defaultTableProfile({ widthMm: req.widthMm, depthMm: req.depthMm });
          const anchors = new Set(profile.anchors.markers.map((m) => m.id));
          const tagIds = Array.from({ length: DICTIONARY_SIZE }, (_, i) => i).filter((id) => !anchors.has(id));
          const pdf = await markerPdf(await loadOpenCvNode(), { board: DEFAULT_CHARUCO, profile, tagIds, paper: req.paper, lang: req.lang, font: await loadSheetFontNode() });
          this.write(`markers-${req.paper}.pdf`, pdf);
          this.write('table.json', `${JSON.stringify(profile, null, 2)}\n`);
          return { ok: true, status: this.status() };
        }
        case 'save-camera': {
          const camera = parseCameraFile(req.camera);
          if (!camera.ok) return { ok: false, problem: `camera: ${camera.message}` };
          this.write('camera.json', `${JSON.stringify(cameraFileFromIntrinsics(camera.value, { rms_px: req.rmsPx, views_used: req.viewsUsed }), null, 2)}\n`);
          return { ok: true, status: this.status() };
        }
        case 'save-table-check':
          this.write('table-check.json', `${JSON.stringify(req.check, null, 2)}\n`);
          return { ok: true, status: this.status() };
      }
    } catch (e) {
      return { ok: false, problem: `${this.dir}: ${(e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e))}` };
    }
  }
}
