/**
 * The detector worker's 'free' message to the vision worker (src/app/api/detector-worker-messages.ts):
 * its `look` (where to look for tags near untagged models) is bounded, and a bad one is dropped
 * without losing the message that returns the frame's buffer.
 */
import { describe, expect, it } from 'vitest';
import { DetectorFree } from '../../src/app/api/detector-worker-messages.js';

describe('DetectorFree', () => {
  const data = new Uint8Array(16);

  it('carries up to 64 points to look near', () => {
    const look = Array.from({ length: 64 }, (_, i) => ({ x_mm: i, y_mm: 2 * i }));
    const r = DetectorFree.safeParse({ type: 'free', data, look });
    expect(r.success && r.data.look).toEqual(look);
  });

  it('drops a look of 65 points, or of points that are not numbers, and keeps the buffer', () => {
    for (const look of [Array.from({ length: 65 }, () => ({ x_mm: 1, y_mm: 1 })), [{ x_mm: '1', y_mm: 2 }], 'everywhere']) {
      const r = DetectorFree.safeParse({ type: 'free', data, look });
      expect(r.success, JSON.stringify(look).slice(0, 40)).toBe(true);
      if (r.success) {
        expect(r.data.look).toBeUndefined();
        expect(r.data.data).toBe(data);
      }
    }
  });

  it('a message without look, or with no buffer, is still a free message', () => {
    expect(DetectorFree.safeParse({ type: 'free', data: null }).success).toBe(true);
    expect(DetectorFree.safeParse({ type: 'free', data }).success).toBe(true);
    expect(DetectorFree.safeParse({ type: 'busy', data }).success).toBe(false);
  });
});
