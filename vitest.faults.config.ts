import { defineConfig } from 'vitest/config';

// The fault suite (docs/decisions/039-fault-suite.md): two built instances on a PostgreSQL cluster,
// Redis and stand-ins of its own, broken one at a time under load. Runs after the build, alone: it
// starts its own servers and needs the machine's attention for its timings.
export default defineConfig({
  test: {
    name: 'faults',
    include: ['e2e/faults/**/*.fault.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    maxWorkers: 1,
  },
});
