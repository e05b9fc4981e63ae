import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SetupReply } from '../../src/app/api/setup.js';
import { AppController } from '../../src/app/app-controller.js';
import { createAppServer } from '../../src/app/server/http-server.js';
import { CalibrationFiles } from '../../src/app/setup/calibration-files.js';
import { cameraFileFromIntrinsics } from '../../src/vision/camera-file.js';
import { webcamIntrinsics } from '../synthetic/index.js';

/** The wizard's API over real HTTP and real files: bad input is one line, files are checked on read. */
let app: AppController;
let base: string;
let token: string;
let dataDir: string;
let stopServer: () => Promise<void>;
const connected: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'shagomer-setup-'));
  app = new AppController({ dataDir });
  const calibration = new CalibrationFiles(dataDir, {
    list: () => Promise.resolve([{ path: '/dev/ttyUSB7', label: 'Test hub' }]),
    connect: (path) => {
      connected.push(path);
      return Promise.resolve(path.startsWith('/dev/') ? { ok: true } : { ok: false, problem: `${path}: no such port` });
    },
  });
  const { server, stop, access } = createAppServer({ app, uiDir: join(tmpdir(), 'no-ui-here'), calibration });
  stopServer = stop;
  token = access.nightToken;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await stopServer();
  app.close();
});

it('writes nothing for a client that is not the referee (403, one line)', async () => {
  const res = await fetch(`${base}/api/setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'status' }) });
  expect(res.status).toBe(403);
  expect(((await res.json()) as { problem: string }).problem).toMatch(/^not the referee/);
});

async function setup(body: unknown): Promise<{ status: number; reply: SetupReply }> {
  const res = await fetch(`${base}/api/setup`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, reply: SetupReply.parse(await res.json()) };
}

const problem = (r: SetupReply): string => (r.ok ? '' : r.problem);

describe('POST /api/setup', () => {
  it('starts with nothing done and no camera files', async () => {
    const { reply } = await setup({ type: 'status' });
    expect(reply.ok && reply.status).toMatchObject({ print: false, camera: false, table: false, tableMm: null, pdf: { a4: null, letter: null } });
    expect((await fetch(`${base}/api/camera-files`)).status).toBe(404);
    expect((await fetch(`${base}/api/setup/markers-a4.pdf`)).status).toBe(404);
  });

  it('refuses bad requests with 400 and one line naming the field', async () => {
    for (const [body, mention] of [
      ['{"type":', 'not JSON'],
      [{ type: 'format-disk' }, 'type'],
      [{ type: 'print', paper: 'a3', widthMm: 1800, depthMm: 1200 }, 'paper'],
      [{ type: 'print', paper: 'a4', widthMm: 10, depthMm: 1200 }, 'widthMm'],
      [{ type: 'print', paper: 'a4', widthMm: 1800, depthMm: 1200, lang: 'de' }, 'lang'],
      [{ type: 'save-camera', camera: { image_size: [1920, 1080] }, rmsPx: 0.2, viewsUsed: 9 }, 'camera'],
      [{ type: 'save-camera', camera: cameraFileFromIntrinsics(webcamIntrinsics()), rmsPx: -1, viewsUsed: 9 }, 'rmsPx'],
      [{ type: 'save-table-check', check: { anchorsFound: [0], reprojectionPx: 0.3, cameraHeightMm: 1e9, ruler: null } }, 'cameraHeightMm'],
      [{ type: 'connect-serial', path: '' }, 'path'],
    ] as const) {
      const { status, reply } = await setup(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(problem(reply)).toContain(mention);
      expect(problem(reply).includes('\n')).toBe(false);
    }
    const { reply } = await setup({ type: 'status' });
    expect(reply.ok && reply.status.camera).toBe(false);
  });

  it('print writes the profile and the PDF; a saved camera makes the camera files', async () => {
    const printed = await setup({ type: 'print', paper: 'letter', widthMm: 1500, depthMm: 1000 });
    expect(printed.status).toBe(200);
    expect(printed.reply.ok && printed.reply.status).toMatchObject({ print: true, tableMm: { widthMm: 1500, depthMm: 1000 }, tagMm: 20, pdf: { a4: null, letter: '/api/setup/markers-letter.pdf' } });
    const pdf = await fetch(`${base}/api/setup/markers-letter.pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // No language named: the words are Russian (pdftotext reads them from the embedded font).
    const ru = execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString();
    expect(ru).toContain('ЯКОРЬ 0');
    expect(ru).toContain('стол 150 × 100 см');
    const en = await setup({ type: 'print', paper: 'letter', widthMm: 1500, depthMm: 1000, lang: 'en' });
    expect(en.status).toBe(200);
    const enText = execFileSync('pdftotext', [join(dataDir, 'calibration', 'markers-letter.pdf'), '-']).toString();
    expect(enText).toContain('ANCHOR 0');
    expect(enText).not.toContain('ЯКОРЬ');

    const k = webcamIntrinsics();
    const saved = await setup({ type: 'save-camera', camera: cameraFileFromIntrinsics(k), rmsPx: 0.04, viewsUsed: 9 });
    expect(saved.reply.ok && saved.reply.status).toMatchObject({ camera: true, cameraRmsPx: 0.04 });
    const files = (await (await fetch(`${base}/api/camera-files`)).json()) as { profile: { table: { width_mm: number } }; camera: { camera_matrix: number[][] } };
    expect(files.profile.table.width_mm).toBe(1500);
    expect(files.camera.camera_matrix[0]?.[0]).toBeCloseTo(k.fx, 6);
  });

  it('a damaged camera file makes its step due again instead of breaking the camera', async () => {
    const path = join(dataDir, 'calibration', 'camera.json');
    const good = readFileSync(path, 'utf8');
    writeFileSync(path, good.slice(0, good.length / 2));
    const { reply } = await setup({ type: 'status' });
    expect(reply.ok && reply.status.camera).toBe(false);
    expect((await fetch(`${base}/api/camera-files`)).status).toBe(404);
    writeFileSync(path, good);
  });

  it('the table check is kept; the hub picker lists ports and opens a path', async () => {
    const check = { anchorsFound: [0, 1, 2, 3], reprojectionPx: 0.25, cameraHeightMm: 1600, ruler: { tagA: 10, tagB: 11, expectedMm: 500, measuredMm: 500.4 } };
    const r = await setup({ type: 'save-table-check', check });
    expect(r.reply.ok && r.reply.status.tableCheck).toEqual(check);
    const ports = await setup({ type: 'serial-ports' });
    expect(ports.reply.ok && ports.reply.ports).toEqual([{ path: '/dev/ttyUSB7', label: 'Test hub' }]);
    expect((await setup({ type: 'connect-serial', path: '/dev/ttyUSB7' })).status).toBe(200);
    const bad = await setup({ type: 'connect-serial', path: '/tmp/nothing' });
    expect(bad.status).toBe(400);
    expect(problem(bad.reply)).toBe('/tmp/nothing: no such port');
    expect(connected).toEqual(['/dev/ttyUSB7', '/tmp/nothing']);
  });
});
