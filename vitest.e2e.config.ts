import { defineConfig } from 'vitest/config';
import { e2eWorkers } from './e2e/global-setup.ts';

// End-to-end tests: built servers (started by e2e/global-setup.ts, one per worker) and Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files run side by side, each worker on a server and data folder of its own (global-setup.ts):
    // two on two cores roughly halves the time, since much of a browser test is waiting.
    maxWorkers: e2eWorkers,
  },
});
