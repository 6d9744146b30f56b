import { defineConfig } from 'vitest/config';

const apiSuite = (name: string, driver: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['server/**/*.test.ts'],
    env: { TEST_DB: driver },
    // Generous: a hang still fails, but a loaded 2-core machine (three files side by side, password
    // hashing, a database made from scratch) must not.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // The files of a worker share its loaded modules instead of loading the server anew for each
    // file (most of a file's time was that: the API suite took half as long without it). This is
    // safe because a file shares nothing through modules: each builds its own app on its own
    // database (server/test/test-app.ts), and what our modules keep (caches, formatters) is kept
    // per database or is the same for every file. A module-level setting a file changes would leak
    // into the next file; tests must not do that (none mocks modules or changes process.env).
    // docs/decisions/031-api-test-files-share-modules.md
    isolate: false,
  },
});

// The API suite runs on embedded PGlite always, and again on a PostgreSQL server when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one (cores - 1 = 1 here). API test files mostly wait
    // on the database (PostgreSQL's processes, PGlite's own thread), so three files side by side keep
    // both cores busy; each file has its own database, so they share nothing.
    maxWorkers: 3,
    projects: [
      { test: { name: 'unit', include: ['core/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      // React components (the UI kit and pages' pieces) rendered with Testing Library in jsdom.
      {
        test: {
          name: 'components',
          include: ['web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['web/test/testing-library-setup.ts'],
        },
      },
      apiSuite('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiSuite('api-postgres', 'postgres')] : []),
    ],
  },
});
