/**
 * A Vitest reporter that writes which test files finished, in which project and state, and the run's
 * unhandled errors, to the JSON file named by VITEST_RUN_RECORD. `npm test` (scripts/test.mjs) reads it
 * to tell a test that failed from a worker process that died under a file (see there).
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

type Finished = { project: string; file: string; state: string };

export default class RunRecord implements Reporter {
  private finished: Finished[] = [];

  onTestModuleEnd(module: TestModule) {
    this.finished.push({ project: module.project.name, file: module.moduleId, state: module.state() });
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>, reason: string) {
    const path = process.env.VITEST_RUN_RECORD;
    if (!path) return;
    const errors = unhandledErrors.map((error) => describe(error));
    writeFileSync(path, JSON.stringify({ reason, finished: this.finished, errors }, null, 2));
  }
}

/** An error's message followed by its causes' messages, so "Worker exited unexpectedly" is seen under the pool's wrapper. */
function describe(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(' <- ');
}
