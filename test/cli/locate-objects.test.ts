/**
 * `shagomer locate --objects` as a user runs it, on a held-out Blender fixture (never trained
 * on): the learned detector's objects with a confidence, with and without the empty table,
 * and its bad inputs as one line and exit 2. Run `npx tsc -p tsconfig.build.json` first.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const BIN = join(import.meta.dirname, '../../dist/src/cli/main.js');
const FIX = join(import.meta.dirname, '../blender/fixtures');
const f = (name: string): string => join(FIX, name);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function shagomer(...args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const x = e as { code?: number; stdout?: string; stderr?: string };
    return { code: x.code ?? -1, stdout: x.stdout ?? '', stderr: x.stderr ?? '' };
  }
}

function expectOneLine(o: Outcome, code: number, ...mentions: string[]): void {
  expect(o.code).toBe(code);
  expect(o.stderr.trim().split('\n')).toHaveLength(1);
  expect(o.stderr).not.toMatch(/\n\s+at /);
  for (const m of mentions) expect(o.stderr).toContain(m);
}

interface Report {
  tags: { id: number }[];
  objects?: { x_mm: number; y_mm: number; fallen: boolean; tag: number | null; confidence: number }[];
}

describe('shagomer locate --objects (learned detector)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shagomer-objects-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const base = ['locate', f('t0-f0.jpg'), '--profile', f('t0-f0.table.json'), '--camera', f('t0-f0.camera.json')];

  it('reports objects with a 0–1 confidence and both tags bound, without an empty-table frame', async () => {
    const o = await shagomer(...base, '--objects', '--json');
    expect(o.code, o.stderr).toBe(0);
    const r = JSON.parse(o.stdout) as Report;
    expect(r.objects).toBeDefined();
    const objects = r.objects ?? [];
    for (const ob of objects) {
      expect(ob.confidence).toBeGreaterThanOrEqual(0);
      expect(ob.confidence).toBeLessThanOrEqual(1);
    }
    const truth = JSON.parse(await readFile(f('t0-f0.truth.json'), 'utf8')) as { models: { x_mm: number; y_mm: number; tag: number | null }[] };
    for (const t of truth.models.filter((m) => m.tag !== null)) {
      const bound = objects.filter((ob) => ob.tag === t.tag);
      expect(bound, `tag ${t.tag}`).toHaveLength(1);
      expect(Math.hypot((bound[0]?.x_mm ?? 0) - t.x_mm, (bound[0]?.y_mm ?? 0) - t.y_mm)).toBeLessThan(3);
    }
  }, 180_000);

  it('binds a tag the frame\'s search missed, read near the model found (t12-f2, tag 24 on a card turned 45°), and lists it among the tags', async () => {
    const s = (name: string): string => join(FIX, 'small-tags', name);
    const o = await shagomer('locate', s('t12-f2.jpg'), '--profile', s('t12-f2.table.json'), '--camera', s('t12-f2.camera.json'), '--objects', '--json');
    expect(o.code, o.stderr).toBe(0);
    const r = JSON.parse(o.stdout) as Report;
    expect(r.tags.map((t) => t.id)).toContain(24);
    const bound = (r.objects ?? []).filter((ob) => ob.tag === 24);
    expect(bound).toHaveLength(1);
    // Its model's base centre in the truth file: (1335.08, 142.39).
    expect(Math.hypot((bound[0]?.x_mm ?? 0) - 1335.08, (bound[0]?.y_mm ?? 0) - 142.39)).toBeLessThan(1.5);
  }, 180_000);

  it('still takes --background (the difference feeds the network)', async () => {
    const o = await shagomer(...base, '--objects', '--background', f('t0-empty.jpg'), '--json');
    expect(o.code, o.stderr).toBe(0);
    expect((JSON.parse(o.stdout) as Report).objects?.length).toBeGreaterThan(0);
  }, 180_000);

  it('a missing model file: one line, exit 2', async () => {
    expectOneLine(await shagomer(...base, '--objects', '--model', join(dir, 'nope.onnx')), 2, 'nope.onnx', 'no such file');
  });

  it('a corrupt model file: one line, exit 2', async () => {
    await writeFile(join(dir, 'bad.onnx'), 'this is not a protobuf');
    expectOneLine(await shagomer(...base, '--objects', '--model', join(dir, 'bad.onnx')), 2, 'bad.onnx', 'not a usable ONNX model');
  });

  it('an empty-table image of another size: one line, exit 2', async () => {
    await sharp(f('t0-empty.jpg')).resize(1280, 720).jpeg().toFile(join(dir, 'small-empty.jpg'));
    expectOneLine(await shagomer(...base, '--objects', '--background', join(dir, 'small-empty.jpg')), 2, 'small-empty.jpg', '1280x720');
  });

  it('a frame of another size than the camera file: one line, exit 2', async () => {
    await sharp(f('t0-f0.jpg')).resize(1280, 720).jpeg().toFile(join(dir, 'small.jpg'));
    expectOneLine(await shagomer('locate', join(dir, 'small.jpg'), '--profile', f('t0-f0.table.json'), '--camera', f('t0-f0.camera.json'), '--objects'), 2, 'image_size');
  });

  it('--model without --objects or --background: one line, exit 2', async () => {
    expectOneLine(await shagomer(...base, '--model', f('t0-f0.jpg')), 2, '--model needs --objects or --background');
  });

  it('an empty table from a camera that moved (a bump of 8 px): one line on stderr, the objects found without it; --geometric stops with exit 2', async () => {
    // The empty table shifted 8 px right and 5 px down, as a bumped camera would see it.
    const { width, height } = await sharp(f('t0-empty.jpg')).metadata();
    const moved = await sharp(f('t0-empty.jpg')).extend({ left: 8, top: 5, background: '#000' }).png().toBuffer();
    await sharp(moved).extract({ left: 0, top: 0, width: width as number, height: height as number }).jpeg({ quality: 95 }).toFile(join(dir, 'bumped-empty.jpg'));
    const o = await shagomer(...base, '--background', join(dir, 'bumped-empty.jpg'), '--json');
    expect(o.code, o.stderr).toBe(0);
    expect(o.stderr.trim().split('\n')).toHaveLength(1);
    expect(o.stderr).toContain('bumped-empty.jpg');
    expect(o.stderr).toMatch(/camera moved \(the anchors are (9\.[0-9]|[1-9][0-9]\.[0-9]) px away/);
    // The same objects as with no empty table at all.
    const none = await shagomer(...base, '--objects', '--json');
    expect(JSON.parse(o.stdout)).toEqual(JSON.parse(none.stdout));
    expectOneLine(await shagomer(...base, '--background', join(dir, 'bumped-empty.jpg'), '--geometric', '--json'), 2, 'bumped-empty.jpg', 'camera moved', '--geometric needs an empty table from the same camera');
    // The fixture's own empty table is from the same camera: nothing said.
    const same = await shagomer(...base, '--background', f('t0-empty.jpg'), '--json');
    expect(same.stderr).toBe('');
  });

  it('--background alone runs the learned detector too (one contract in both modes): the same objects as with --objects', async () => {
    const alone = await shagomer(...base, '--background', f('t0-empty.jpg'), '--json');
    const both = await shagomer(...base, '--objects', '--background', f('t0-empty.jpg'), '--json');
    expect(alone.code, alone.stderr).toBe(0);
    expect(JSON.parse(alone.stdout)).toEqual(JSON.parse(both.stdout));
    expect((JSON.parse(alone.stdout) as { objects: { confidence: number }[] }).objects.every((o) => o.confidence >= 0 && o.confidence <= 1)).toBe(true);
  });
});
