import { createRequire } from 'node:module';
import type { OpenCv } from './cv-types.js';
import { loadOpenCv } from './opencv.js';

/**
 * Node's way in: a static ESM import of opencv.js breaks under vitest, require() works
 * everywhere in Node. Browser code calls loadOpenCv with its own bundler import instead.
 */
export function loadOpenCvNode(): Promise<OpenCv> {
  return loadOpenCv(() => createRequire(import.meta.url)('@techstark/opencv-js'));
}
