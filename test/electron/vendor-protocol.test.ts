import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultVendorSources } from '../../src/app/server/vendor-files.js';
import { OPENCV_URL, vendorReply } from '../../electron/vendor-protocol.js';

/**
 * The Electron window's shagomer://app/vendor/ scheme (issue 9): the same files as serve's
 * /vendor/, with the CORS header a file:// page's workers need. Electron cannot run here, so
 * the handler's logic is tested as a unit and the renderer's loading through it in Chromium
 * (test/ui/camera-detector.test.ts).
 */
const src = defaultVendorSources();

describe('the Electron vendor scheme', () => {
  it('serves opencv.js, onnxruntime-web and the model with their types and CORS', async () => {
    expect(OPENCV_URL).toBe('shagomer://app/vendor/opencv.js');
    const cases: [string, string, number][] = [
      ['shagomer://app/vendor/opencv.js', 'text/javascript; charset=utf-8', 1_000_000],
      ['shagomer://app/vendor/ort/ort.wasm.min.js', 'text/javascript; charset=utf-8', 10_000],
      ['shagomer://app/vendor/ort/ort-wasm-simd-threaded.mjs', 'text/javascript; charset=utf-8', 10_000],
      ['shagomer://app/vendor/ort/ort-wasm-simd-threaded.wasm', 'application/wasm', 1_000_000],
      ['shagomer://app/vendor/miniature-detector.onnx', 'application/octet-stream', 1_000],
    ];
    for (const [url, type, atLeast] of cases) {
      const r = await vendorReply('GET', url, src);
      expect(r.status, url).toBe(200);
      expect(r.headers['content-type'], url).toBe(type);
      expect(r.headers['access-control-allow-origin'], url).toBe('*');
      expect(r.body.length, url).toBeGreaterThan(atLeast);
      expect(Number(r.headers['content-length'])).toBe(r.body.length);
    }
    // The wasm magic number: the bytes are the file's.
    const wasm = await vendorReply('GET', 'shagomer://app/vendor/ort/ort-wasm-simd-threaded.wasm', src);
    expect([...(wasm.body as Uint8Array).subarray(0, 4)]).toEqual([0, 0x61, 0x73, 0x6d]);
  });

  it('serves nothing else: other names, hosts, schemes, methods, paths out of the folder', async () => {
    for (const url of [
      'shagomer://app/vendor/ort/ort.all.min.js',
      'shagomer://app/vendor/ort/../../package.json',
      'shagomer://app/vendor/%2e%2e/package.json',
      'shagomer://app/package.json',
      'shagomer://other/vendor/opencv.js',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const r = await vendorReply('GET', url, src);
      expect(r.status, url).toBe(404);
      expect(String(r.body)).toBe('not a vendor file');
    }
    expect((await vendorReply('POST', OPENCV_URL, src)).status).toBe(405);
  });

  it('a missing model file is a 404 saying so in one line, not a crash', async () => {
    const r = await vendorReply('GET', 'shagomer://app/vendor/miniature-detector.onnx', { ...src, modelFile: join(mkdtempSync(join(tmpdir(), 'shagomer-vendor-')), 'gone.onnx') });
    expect(r).toMatchObject({ status: 404, body: 'the detector model is not installed' });
  });

  it('a damaged model file is served as it is (the worker names the problem)', async () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'shagomer-vendor-')), 'bad.onnx');
    writeFileSync(bad, 'not a network');
    const r = await vendorReply('GET', 'shagomer://app/vendor/miniature-detector.onnx', { ...src, modelFile: bad });
    expect(r.status).toBe(200);
    expect(Buffer.from(r.body as Uint8Array).toString()).toBe('not a network');
  });
});
