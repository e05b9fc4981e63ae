import type { SimNoise } from './sim-device.js';

/**
 * `--corrupt P` in one number: P of the bytes are replaced, and proportionally more frames
 * get garbage before them, arrive truncated, or lose their ACK, so one knob exercises every
 * recovery path.
 */
export function noiseFromCorrupt(p: number): SimNoise {
  return { byteCorrupt: p, garbage: Math.min(1, p * 10), truncate: Math.min(1, p * 5), ackLoss: Math.min(0.5, p * 10) };
}
