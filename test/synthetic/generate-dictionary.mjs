// Writes dict-4x4-50.json: the inner bits of every DICT_4X4_50 marker as OpenCV draws them,
// so the renderer needs no OpenCV at run time. Run: node test/synthetic/generate-dictionary.mjs
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';

const cv = await createRequire(import.meta.url)('@techstark/opencv-js');
const dict = cv.getPredefinedDictionary(cv.DICT_4X4_50);
const bits = 4;
const markers = [];
for (let id = 0; id < 50; id++) {
  const m = new cv.Mat();
  // One pixel per cell with a one-cell black border: 6×6.
  cv.generateImageMarker(dict, id, bits + 2, m, 1);
  let row = '';
  for (let y = 1; y <= bits; y++) for (let x = 1; x <= bits; x++) row += m.data[y * (bits + 2) + x] > 127 ? '1' : '0';
  markers.push(row);
  m.delete();
}
writeFileSync(new URL('./dict-4x4-50.json', import.meta.url), `${JSON.stringify({ dictionary: 'DICT_4X4_50', bits, markers }, null, 1)}\n`);
