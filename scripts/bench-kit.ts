/**
 * What the HTTP benchmarks share (bench-search.ts, bench-property.ts): the data sets, the built
 * server started in production mode on one of them, a bare Fastify hello-world to read the figures
 * against, a closed-loop load driver on keep-alive sockets and the printed rows.
 *
 * Data sets: PostgreSQL databases lina_bench_v3_100k / lina_bench_v3_1m on the given server, PGlite
 * folders bench-data/pglite-v3-100k (gitignored), made or topped up by scripts/generate-data.ts.
 *
 * Over 300 lines on purpose: one run's steps (data, servers, load, rows) are read together.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/database.ts';
import { vacuumEmbedded } from '../server/db/embedded-maintenance.ts';
import { freePort } from './free-port.ts';

export const root = path.resolve(import.meta.dirname, '..');

export const defaultBenchDatabaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface DataSet {
  name: string;
  driver: 'postgres' | 'pglite';
  listings: number;
}

export const dataSets: DataSet[] = [
  { name: 'pg-100k', driver: 'postgres', listings: 100_000 },
  { name: 'pg-1m', driver: 'postgres', listings: 1_000_000 },
  { name: 'pglite-100k', driver: 'pglite', listings: 100_000 },
  { name: 'pglite-1m', driver: 'pglite', listings: 1_000_000 },
  // The demo seed alone (what `npm start` serves): generate-data tops up to 1 listing, so adds none.
  { name: 'pg-demo', driver: 'postgres', listings: 1 },
  { name: 'pglite-demo', driver: 'pglite', listings: 1 },
  /** A quick check that a benchmark script runs end to end; its figures mean little. */
  { name: 'pglite-2k', driver: 'pglite', listings: 2000 },
  /** The same on PostgreSQL, for the benchmarks that run several instances (bench:mixed). */
  { name: 'pg-20k', driver: 'postgres', listings: 20_000 },
];

/** The named data sets of a --setups list, in its order. */
export function chooseDataSets(list: string): DataSet[] {
  return list.split(',').map((name) => {
    const found = dataSets.find((candidate) => candidate.name === name.trim());
    if (!found) throw new Error(`unknown setup ${name}; known: ${dataSets.map((s) => s.name).join(', ')}`);
    return found;
  });
}

const label = (listings: number) => (listings < 1000 ? 'demo' : listings >= 1_000_000 ? `${listings / 1_000_000}m` : `${listings / 1000}k`);

/**
 * Bumped when scripts/generate-data.ts changes what a data set holds, so that an older set is not
 * reused (2: hosts with 1-5 listings and hotel chains, past stays and reviews, host figures; 3: reviews
 * published when written, so the host figures are current when the set is made).
 */
const dataVersion = 3;

export function run(command: string, argv: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${argv.join(' ')} exited with ${code}`))));
  });
}

/** Builds the app unless dist/ already has it. */
export async function ensureBuilt(): Promise<void> {
  if (!existsSync(path.join(root, 'dist/server/main.js'))) await run('npm', ['run', 'build']);
}

/**
 * The database of a PostgreSQL data set, as prepareData names it (BENCH_DATABASE_PREFIX points a run at
 * a copy: create database x_100k template lina_bench_v3_100k), and the environment pointing a server at it.
 */
export function postgresDataSet(setup: DataSet, databaseUrl: string): { database: string; env: NodeJS.ProcessEnv } {
  const database = `${process.env.BENCH_DATABASE_PREFIX ?? `lina_bench_v${dataVersion}`}_${label(setup.listings)}`;
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return { database, env: { DATABASE_URL: url.toString() } };
}

/**
 * Makes (or tops up) the data set and opens it to visitors: the benchmarks browse as a visitor on a
 * live site. Returns the environment that points the server at it.
 */
export async function prepareData(setup: DataSet, databaseUrl: string): Promise<NodeJS.ProcessEnv> {
  let env: NodeJS.ProcessEnv;
  const generate = ['--import', 'tsx', 'scripts/generate-data.ts', '--count', String(setup.listings), '--no-storage'];
  if (setup.driver === 'postgres') {
    const { database, env: postgresEnv } = postgresDataSet(setup, databaseUrl);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`create database ${database}`);
    await admin.end();
    env = postgresEnv;
    await run(process.execPath, [...generate, '--database-url', env.DATABASE_URL!]);
  } else {
    const dataDir = path.join(root, 'bench-data', `pglite-v${dataVersion}-${label(setup.listings)}`);
    env = { DATA_DIR: dataDir };
    await run(process.execPath, [...generate, '--data-dir', dataDir]);
  }
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR ? path.join(env.DATA_DIR, 'pglite') : undefined,
  });
  try {
    await handle.db.execute(sql`insert into platform_settings (key, value) values ('launch_mode', '"live"'::jsonb)
      on conflict (key) do update set value = excluded.value`);
    // Index-only scans need a current visibility map and the planner current statistics: a real
    // server's autovacuum keeps them so, and the app vacuums PGlite itself (embedded-maintenance.ts).
    if (handle.driver === 'postgres') await handle.db.execute(sql`vacuum analyze properties`);
    else await vacuumEmbedded(handle);
  } finally {
    await handle.close();
  }
  return env;
}

export interface RunningServer {
  port: number;
  stop(): Promise<void>;
}

/** Starts a Node process listening on a free port (PORT) in `cwd` and waits until `healthPath` answers 200. */
export async function startServer(argv: string[], env: NodeJS.ProcessEnv, healthPath: string, cwd = root): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, argv, {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Production requires it (links in e-mails); the benchmarks send none.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO_DATA: 'never',
    },
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`${argv.join(' ')} exited during start-up`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${healthPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error('the server did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The built server on a data set; `appDir` another checkout's build (a release to compare with). */
export function startAppServer(env: NodeJS.ProcessEnv, appDir = root): Promise<RunningServer> {
  // BENCH_CPU_PROFILE_DIR=dir: the server writes a V8 CPU profile there when it stops (open it in
  // Chrome's DevTools, Performance panel); how docs/performance.md found where the time goes.
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return startServer([...profile, 'dist/server/main.js'], env, '/api/health', appDir);
}

/** The command-line options every benchmark takes (parseArgs options); each adds its own. */
export const commonBenchOptions = {
  duration: { type: 'string', default: '20' },
  warmup: { type: 'string', default: '3' },
  connections: { type: 'string', default: '20' },
  'database-url': { type: 'string', default: defaultBenchDatabaseUrl },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The load the common options describe. */
export function loadFromArgs(args: { duration: string; warmup: string; connections: string }): LoadOptions {
  return { durationMs: Number(args.duration) * 1000, warmupMs: Number(args.warmup) * 1000, connections: Number(args.connections) };
}

export interface LoadOptions {
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** A response header whose value `hit` marks an answer from the server's cache (counted in cacheHits). */
  cacheHeader?: string;
  /** Cookie headers of signed-in members: client `i` sends cookies[i % length] (a member browsing), none when absent. */
  cookies?: string[];
}

export interface LoadResult {
  cacheHits: number;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p975: number;
  p99: number;
}

/** `connections` clients in a closed loop on keep-alive sockets, taking `paths` in turn; latencies recorded after the warm-up. */
export async function drive(
  port: number,
  paths: string[],
  { connections, warmupMs, durationMs, cacheHeader, cookies }: LoadOptions,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let cacheHits = 0;
  let next = 0;
  const begin = performance.now();
  const measureFrom = begin + warmupMs;
  const end = measureFrom + durationMs;

  const once = (requestPath: string, cookie: string | undefined) =>
    new Promise<{ latency: number; hit: boolean }>((resolve, reject) => {
      const started = performance.now();
      const request = http.get(
        { host: '127.0.0.1', port, path: requestPath, agent, headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({
              latency: response.statusCode === 200 ? performance.now() - started : -1,
              hit: cacheHeader !== undefined && response.headers[cacheHeader] === 'hit',
            }),
          );
        },
      );
      request.on('error', reject);
    });

  await Promise.all(
    Array.from({ length: connections }, async (_, client) => {
      const cookie = cookies?.length ? cookies[client % cookies.length] : undefined;
      while (performance.now() < end) {
        const requestPath = paths[next++ % paths.length]!;
        const { latency, hit } = await once(requestPath, cookie).catch(() => ({ latency: -1, hit: false }));
        if (performance.now() < measureFrom) continue;
        if (latency < 0) errors++;
        else latencies.push(latency);
        if (hit) cacheHits++;
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    cacheHits,
    requests: latencies.length,
    errors,
    rps: latencies.length / (durationMs / 1000),
    p50: at(0.5),
    p975: at(0.975),
    p99: at(0.99),
  };
}

/** A bare Fastify hello-world (node --input-type=module -e …, listening on PORT). */
export const helloWorldScript = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** A bare Fastify hello-world under the same load: what this machine can do at best, to read the figures against. */
export async function measureHelloWorld(load: LoadOptions): Promise<LoadResult> {
  const hello = await startServer(['--input-type=module', '-e', helloWorldScript], {}, '/');
  try {
    const result = await drive(hello.port, ['/'], load);
    console.log(`\nbare Fastify hello-world: ${Math.round(result.rps)} req/s, p97.5 ${result.p975.toFixed(1)} ms\n`);
    return result;
  } finally {
    await hello.stop();
  }
}

/** One printed row: req/s, p50 / p97.5 / p99, the share of hello-world and the errors. */
export function resultRow(name: string, result: LoadResult, hello: LoadResult): string {
  return (
    `${name.padEnd(12)} ${Math.round(result.rps).toString().padStart(6)} req/s  ` +
    `p50 ${result.p50.toFixed(1).padStart(6)} ms  p97.5 ${result.p975.toFixed(1).padStart(6)} ms  p99 ${result.p99.toFixed(1).padStart(6)} ms  ` +
    `${((result.rps / hello.rps) * 100).toFixed(1).padStart(5)} % of hello-world  errors ${result.errors}`
  );
}

export function helloRow(hello: LoadResult): string {
  return `hello-world  ${Math.round(hello.rps).toString().padStart(6)} req/s  p50 ${hello.p50.toFixed(1).padStart(6)} ms  p97.5 ${hello.p975.toFixed(1).padStart(6)} ms  p99 ${hello.p99.toFixed(1).padStart(6)} ms`;
}

export interface BenchmarkPlan {
  /** Printed above the summary, e.g. "search benchmark, repeats zipf". */
  title: string;
  setups: DataSet[];
  load: LoadOptions;
  databaseUrl: string;
  /** The requests to send on a prepared data set, and the server environment of this benchmark's own. */
  prepare(setup: DataSet, env: NodeJS.ProcessEnv): Promise<{ paths: string[]; env?: NodeJS.ProcessEnv; cookies?: string[] }>;
  /** What a row says after the common figures: the targets met or missed, cache hits. */
  verdict(setup: DataSet, result: LoadResult, hello: LoadResult): string;
}

/**
 * One benchmark run: the hello-world first, then each data set prepared, its server started and
 * driven under the same load, one row each, and a summary of all rows at the end.
 */
export async function runBenchmark(plan: BenchmarkPlan): Promise<void> {
  await ensureBuilt();
  const hello = await measureHelloWorld(plan.load);
  const rows: string[] = [];
  for (const setup of plan.setups) {
    console.log(`--- ${setup.name}: preparing ${setup.listings.toLocaleString('en')} listings`);
    const env = await prepareData(setup, plan.databaseUrl);
    const run = await plan.prepare(setup, env);
    const server = await startAppServer({ ...env, ...run.env });
    const result = await drive(server.port, run.paths, { ...plan.load, cookies: run.cookies });
    await server.stop();
    const row = `${resultRow(setup.name, result, hello)}  ${plan.verdict(setup, result, hello)}`;
    console.log(row);
    rows.push(row);
  }
  const { connections, durationMs, warmupMs } = plan.load;
  console.log(`\n${plan.title}, ${connections} connections, ${durationMs / 1000} s each after ${warmupMs / 1000} s warm-up`);
  console.log(helloRow(hello));
  for (const row of rows) console.log(row);
}
