// `npm test`: every check, in the order that fails fastest. Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filesToRunAgain, workerDiedOnly } from './worker-crash-retry.mjs';

const vitest = (...config) => ({ vitest: config });
const steps = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
  ['unit and API tests', vitest()],
  ['build', 'node', ['scripts/build.mjs']],
  ['end-to-end tests', vitest('--config', 'vitest.e2e.config.ts')],
  // Two built instances on a PostgreSQL cluster and Redis of its own while each service fails (docs/decisions/039).
  ['fault tests', vitest('--config', 'vitest.faults.config.ts')],
];

const run = (command, args, env = process.env) => spawnSync(command, args, { stdio: 'inherit', env }).status;

/**
 * A Vitest run, and once more for the files it left unfinished when (and only when) a worker process
 * died under them. Node's WebAssembly runtime intermittently kills a process that runs PGlite with a
 * SIGSEGV (nodejs/node#64500, still open; electric-sql/pglite#1053); Vitest then reports "Worker exited
 * unexpectedly" and the files of that worker never report, though every test that ran passed. Those
 * files, and any a dying worker marked failed, run again in a new worker; a test that really fails fails
 * again there, so the step stays red. Any other unhandled error fails the step at once.
 * docs/decisions/067-test-worker-crash.md
 */
function runVitest(config) {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-record-'));
  const record = join(dir, 'run.json');
  const reporters = ['--reporter=default', '--reporter=./scripts/vitest-run-record.ts'];
  const status = run('npx', ['vitest', 'run', ...config, ...reporters], { ...process.env, VITEST_RUN_RECORD: record });
  if (status === 0 || !existsSync(record)) return status;
  const { finished, errors } = JSON.parse(readFileSync(record, 'utf8'));
  if (!workerDiedOnly(errors)) return status;
  const listFile = join(dir, 'list.json');
  if (run('npx', ['vitest', 'list', ...config, '--filesOnly', `--json=${listFile}`]) !== 0) return status;
  const again = filesToRunAgain(finished, errors, JSON.parse(readFileSync(listFile, 'utf8')));
  if (again.length === 0) return status;
  console.log(
    `\nA test worker process died (${errors.length}×; Node's WebAssembly crash, nodejs/node#64500). ` +
      `Running the ${again.length} file(s) it left unfinished again:\n${again.map((f) => `  [${f.projectName}] ${f.file}`).join('\n')}`,
  );
  const projects = [...new Set(again.map((f) => f.projectName))];
  let result = 0;
  for (const project of projects) {
    const files = again.filter((f) => f.projectName === project).map((f) => f.file);
    const only = project ? ['--project', project] : [];
    const retried = run('npx', ['vitest', 'run', ...config, ...only, ...files]);
    if (retried !== 0) result = retried;
  }
  return result;
}

const only = process.argv.slice(2);
const results = [];
for (const [name, command, args] of steps) {
  if (only.length && !only.some((word) => name.includes(word))) continue;
  const started = Date.now();
  let status;
  if (typeof command === 'object') {
    console.log(`\n▶ ${name}: npx vitest run ${command.vitest.join(' ')}`);
    status = runVitest(command.vitest);
  } else {
    console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
    status = run(command, args);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(`${status === 0 ? '✔' : '✘'} ${name} (${seconds} s)`);
  if (status !== 0) {
    console.error(`\n${results.join('\n')}\n\n✘ ${name} failed`);
    process.exit(status ?? 1);
  }
}
console.log(`\n${results.join('\n')}\n\nAll checks passed.`);
