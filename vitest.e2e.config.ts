import { defineConfig } from 'vitest/config';

// End-to-end tests: one built server (started by e2e/global-setup.ts) and Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: one browser at a time keeps the server's answers quick and the tests steady.
    fileParallelism: false,
  },
});
