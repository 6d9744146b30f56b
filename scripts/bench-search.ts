/**
 * Search benchmark: `npm run bench:search`.
 *
 * For each setup (PostgreSQL at 100k and 1M listings, PGlite at 100k by default) it makes or reuses a
 * data set, starts the built server on it, drives a fixed mix of realistic searches with 20 concurrent
 * keep-alive clients and prints req/s and p50 / p97.5 / p99 latency against the targets. In the same
 * run it measures a bare Fastify hello-world on this machine, so the figures can be read as a ratio.
 *
 *   npm run bench:search -- [--setups pg-100k,pg-1m,pglite-100k] [--duration 20] [--connections 20]
 *                           [--repeats zipf|none] [--data-prefix lina_bench]
 *                           [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Repeats: `zipf` (the default) sends searches as real traffic does, a few very often and most
 * rarely: popularity falls as 1/rank over 10,000 distinct searches, with the server's result cache on
 * (SEARCH_CACHE_SECONDS, default 30), and prints the share answered from the cache. `none` cycles
 * through 2,000 searches with the cache off, measuring the database path alone.
 *
 * Over 300 lines on purpose: preparing data, starting servers, the searches and the load driver make
 * up one run and are read together.
 *
 * Data sets: PostgreSQL databases lina_bench_100k / lina_bench_1m on that server (the prefix is
 * --data-prefix), PGlite folders bench-data/pglite-100k (gitignored). Creating the 1M set takes a few minutes the first time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { hotelAmenities, priceSlider, propertyTypes } from '../core/constants.ts';
import { openDatabase } from '../server/db/database.ts';
import { gazetteer } from '../server/seed/gazetteer.ts';
import { createRandom } from '../server/seed/random.ts';
import { freePort } from './free-port.ts';

const { values: args } = parseArgs({
  options: {
    setups: { type: 'string', default: 'pg-100k,pg-1m,pglite-100k' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    repeats: { type: 'string', default: 'zipf' },
    'data-prefix': { type: 'string', default: 'lina_bench' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

interface Setup {
  name: string;
  driver: 'postgres' | 'pglite';
  listings: number;
  /** Targets of issue 15 on a 2-core machine: p97.5, and req/s as a share of the bare hello-world's. */
  target: { p975Ms: number; minShare?: number };
}

const allSetups: Setup[] = [
  { name: 'pg-100k', driver: 'postgres', listings: 100_000, target: { p975Ms: 40, minShare: 0.035 } },
  { name: 'pg-1m', driver: 'postgres', listings: 1_000_000, target: { p975Ms: 150 } },
  { name: 'pglite-100k', driver: 'pglite', listings: 100_000, target: { p975Ms: 120 } },
  { name: 'pglite-1m', driver: 'pglite', listings: 1_000_000, target: { p975Ms: Infinity } },
];

if (args.help) {
  console.log(
    `usage: npm run bench:search -- [--setups ${allSetups.map((s) => s.name).join(',')}] [--duration 20] [--connections 20] [--repeats zipf|none] [--data-prefix lina_bench] [--database-url URL]`,
  );
  process.exit(0);
}

const durationMs = Number(args.duration) * 1000;
const warmupMs = Number(args.warmup) * 1000;
const connections = Number(args.connections);
if (args.repeats !== 'zipf' && args.repeats !== 'none') throw new Error('--repeats must be zipf or none');
const repeats = args.repeats;
if (!/^[a-z_][a-z0-9_]*$/.test(args['data-prefix'])) throw new Error('--data-prefix must be a lower-case SQL name');
const setups = args.setups.split(',').map((name) => {
  const setup = allSetups.find((candidate) => candidate.name === name.trim());
  if (!setup) throw new Error(`unknown setup ${name}; known: ${allSetups.map((s) => s.name).join(', ')}`);
  return setup;
});

const root = path.resolve(import.meta.dirname, '..');
const label = (listings: number) => (listings >= 1_000_000 ? `${listings / 1_000_000}m` : `${listings / 1000}k`);

function run(command: string, argv: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${argv.join(' ')} exited with ${code}`))));
  });
}

/** Makes (or tops up) the data set and opens it to visitors: the benchmark searches as a visitor on a live site. */
async function prepareData(setup: Setup): Promise<NodeJS.ProcessEnv> {
  let env: NodeJS.ProcessEnv;
  if (setup.driver === 'postgres') {
    const database = `${args['data-prefix']}_${label(setup.listings)}`;
    const admin = new pg.Client({ connectionString: args['database-url'] });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(args['database-url']);
    url.pathname = `/${database}`;
    env = { DATABASE_URL: url.toString() };
    await run(process.execPath, [
      '--import',
      'tsx',
      'scripts/generate-data.ts',
      '--count',
      String(setup.listings),
      '--database-url',
      url.toString(),
      '--no-storage',
    ]);
  } else {
    const dataDir = path.join(root, 'bench-data', `pglite-${label(setup.listings)}`);
    env = { DATA_DIR: dataDir };
    await run(process.execPath, [
      '--import',
      'tsx',
      'scripts/generate-data.ts',
      '--count',
      String(setup.listings),
      '--data-dir',
      dataDir,
      '--no-storage',
    ]);
  }
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR ? path.join(env.DATA_DIR, 'pglite') : undefined,
  });
  try {
    await handle.db.execute(sql`insert into platform_settings (key, value) values ('launch_mode', '"live"'::jsonb)
      on conflict (key) do update set value = excluded.value`);
    // Index-only scans need a current visibility map; a real server's autovacuum keeps it so.
    if (handle.driver === 'postgres') await handle.db.execute(sql`vacuum analyze properties`);
  } finally {
    await handle.close();
  }
  return env;
}

async function startServer(argv: string[], env: NodeJS.ProcessEnv, healthPath: string): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, argv, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Production requires the site's address for the links in e-mails.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO_DATA: 'never',
      // Without repeats every search is new: the cache could only answer the mix's own cycle.
      ...(repeats === 'none' ? { SEARCH_CACHE_SECONDS: '0' } : {}),
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

/** A fixed, seeded mix of what people search: mostly a city and dates, sometimes more filters, in both languages. */
function searchMix(count: number): string[] {
  const random = createRandom(20261122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const cities = gazetteer.filter((place) => place.kind === 'city').sort((a, b) => b.popularity - a.popularity);
  const popular = cities.slice(0, 12);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const type = pick(propertyTypes);
    const params = new URLSearchParams({ type });
    if (chance(0.8)) {
      const city = chance(0.8) ? pick(popular) : pick(cities);
      params.set('location', chance(0.3) ? city.nameHe : city.nameEn);
    }
    if (chance(0.5)) {
      const start = 3 + Math.floor(random() * 120);
      const length =
        type === 'hotel'
          ? 1 + Math.floor(random() * 6)
          : type === 'rental'
            ? 7 * (1 + Math.floor(random() * 8))
            : 30 * (1 + Math.floor(random() * 6));
      params.set('checkIn', day(start));
      params.set('checkOut', day(start + length));
    }
    const bounds = priceSlider[type];
    if (chance(0.3))
      params.set('maxPrice', String(bounds.min + bounds.step * Math.floor((random() * (bounds.max - bounds.min)) / bounds.step)));
    if (type === 'hotel' && chance(0.25)) params.set('stars', pick(['5', '4,5', '3,4', '3']));
    if (type === 'hotel' && chance(0.15)) params.set('amenities', pick(hotelAmenities));
    if (chance(0.15)) params.set('petFriendly', 'true');
    if (type !== 'hotel' && chance(0.1)) params.set('swapAvailable', 'true');
    if (chance(0.4)) params.set('sort', pick(['price_asc', 'price_desc', 'newest']));
    if (chance(0.2)) params.set('page', String(2 + Math.floor(random() * 4)));
    params.set('lang', chance(0.4) ? 'he' : 'en');
    paths.push(`/api/search?${params.toString()}`);
  }
  return paths;
}

/**
 * Real traffic: `count` requests over `distinct` searches whose popularity falls as 1/rank (Zipf's
 * law with exponent 1, as search terms and page views roughly follow), in a seeded order.
 */
function zipfTraffic(distinct: string[], count: number): string[] {
  const random = createRandom(20261124);
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= distinct.length; rank++) cumulative.push((total += 1 / rank));
  return Array.from({ length: count }, () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return distinct[low]!;
  });
}

interface LoadResult {
  /** Answers the server's result cache gave (its X-Search-Cache header). */
  cacheHits: number;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p975: number;
  p99: number;
}

/** `connections` clients in a closed loop on keep-alive sockets; latencies recorded after the warm-up. */
async function drive(port: number, paths: string[]): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let cacheHits = 0;
  let next = 0;
  const begin = performance.now();
  const measureFrom = begin + warmupMs;
  const end = measureFrom + durationMs;

  const once = (requestPath: string) =>
    new Promise<{ latency: number; hit: boolean }>((resolve, reject) => {
      const started = performance.now();
      const request = http.get(
        { host: '127.0.0.1', port, path: requestPath, agent, headers: { 'accept-encoding': 'identity' } },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({
              latency: response.statusCode === 200 ? performance.now() - started : -1,
              hit: response.headers['x-search-cache'] === 'hit',
            }),
          );
        },
      );
      request.on('error', reject);
    });

  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const requestPath = paths[next++ % paths.length]!;
        const { latency, hit } = await once(requestPath).catch(() => ({ latency: -1, hit: false }));
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

const helloWorld = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

async function main() {
  if (!existsSync(path.join(root, 'dist/server/main.js'))) await run('npm', ['run', 'build']);

  const hello = await startServer(['--input-type=module', '-e', helloWorld], {}, '/');
  const helloResult = await drive(hello.port, ['/']);
  await hello.stop();
  console.log(`\nbare Fastify hello-world: ${Math.round(helloResult.rps)} req/s, p97.5 ${helloResult.p975.toFixed(1)} ms\n`);

  const mix = repeats === 'zipf' ? zipfTraffic(searchMix(10_000), 200_000) : searchMix(2000);
  const rows: string[] = [];
  for (const setup of setups) {
    console.log(`--- ${setup.name}: preparing ${setup.listings.toLocaleString('en')} listings`);
    const env = await prepareData(setup);
    const server = await startServer(['dist/server/main.js'], env, '/api/health');
    const result = await drive(server.port, mix);
    await server.stop();
    const share = result.rps / helloResult.rps;
    const meets =
      result.p975 <= setup.target.p975Ms && (setup.target.minShare === undefined || share >= setup.target.minShare) && result.errors === 0;
    const target = `p97.5 ≤ ${setup.target.p975Ms} ms${setup.target.minShare ? `, ≥ ${(setup.target.minShare * 100).toFixed(1)} % of hello-world` : ''}`;
    const row =
      `${setup.name.padEnd(12)} ${Math.round(result.rps).toString().padStart(6)} req/s  ` +
      `p50 ${result.p50.toFixed(1).padStart(6)} ms  p97.5 ${result.p975.toFixed(1).padStart(6)} ms  p99 ${result.p99.toFixed(1).padStart(6)} ms  ` +
      `${(share * 100).toFixed(1).padStart(5)} % of hello-world  cache hits ${((result.cacheHits / Math.max(1, result.requests)) * 100).toFixed(0).padStart(3)} %  errors ${result.errors}  ` +
      `target ${Number.isFinite(setup.target.p975Ms) ? target : 'none'}: ${Number.isFinite(setup.target.p975Ms) ? (meets ? 'met' : 'MISSED') : '-'}`;
    console.log(row);
    rows.push(row);
  }
  console.log(
    `\nsearch benchmark, ${connections} connections, ${durationMs / 1000} s each after ${warmupMs / 1000} s warm-up, repeats ${repeats}`,
  );
  console.log(
    `hello-world   ${Math.round(helloResult.rps).toString().padStart(6)} req/s  p50 ${helloResult.p50.toFixed(1).padStart(6)} ms  p97.5 ${helloResult.p975.toFixed(1).padStart(6)} ms`,
  );
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
