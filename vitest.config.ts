import { defineConfig } from 'vitest/config';

const apiSuite = (name: string, driver: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['server/**/*.test.ts'],
    env: { TEST_DB: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The API suite runs on embedded PGlite always, and again on a PostgreSQL server when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['core/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      // React components (the UI kit and pages' pieces) rendered with Testing Library in jsdom.
      { test: { name: 'components', include: ['web/**/*.test.tsx'], environment: 'jsdom' } },
      apiSuite('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiSuite('api-postgres', 'postgres')] : []),
    ],
  },
});
