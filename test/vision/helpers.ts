/** Shared by the vision suites: one OpenCV per test file and small statistics. */
import { loadOpenCvNode } from '../../src/vision/opencv-node.js';
import type { OpenCv } from '../../src/vision/cv-types.js';

export function openCv(): Promise<OpenCv> {
  return loadOpenCvNode();
}

/** The q-quantile (0..1) by nearest rank: with few samples it errs towards the worst. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number;
}
