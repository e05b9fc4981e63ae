import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: pty, Chromium and OpenCV suites fight for CPU if all run at once.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
