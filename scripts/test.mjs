// `npm test`: every check, in the order that fails fastest. Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
  ['unit and API tests', 'npx', ['vitest', 'run']],
  ['build', 'node', ['scripts/build.mjs']],
  ['end-to-end tests', 'npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts']],
  // Two built instances on a PostgreSQL cluster and Redis of its own while each service fails (docs/decisions/039).
  ['fault tests', 'npx', ['vitest', 'run', '--config', 'vitest.faults.config.ts']],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, command, args] of steps) {
  if (only.length && !only.some((word) => name.includes(word))) continue;
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(`${status === 0 ? '✔' : '✘'} ${name} (${seconds} s)`);
  if (status !== 0) {
    console.error(`\n${results.join('\n')}\n\n✘ ${name} failed`);
    process.exit(status ?? 1);
  }
}
console.log(`\n${results.join('\n')}\n\nAll checks passed.`);
