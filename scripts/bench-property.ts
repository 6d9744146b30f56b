/**
 * Property page benchmark: `npm run bench:property`.
 *
 * For each setup (PostgreSQL at 100k listings by default) it makes or reuses the data set, starts the
 * built server on it in production mode and asks for listings (GET /api/properties/:id, what the
 * property page loads) with 20 concurrent keep-alive clients, as a visitor. It prints req/s and
 * p50 / p97.5 / p99 and the share of a bare Fastify hello-world measured in the same run; the target
 * is at least 5 % of hello-world.
 *
 * `--cache on` (the default): visitors' pages come from the server's result cache when repeated
 * (SEARCH_CACHE_SECONDS 30), and the pages asked for are a seeded stream of 60,000 draws from the
 * skewed popularity below, so repeats happen as often as that popularity makes them, not because a
 * short list is cycled; the share answered from the cache is printed. `--cache off` cycles through
 * 2,000 draws with the cache off: the database path alone, as measured before 2026-11-25.
 *
 * `--viewer member`: every client is a signed-in guest (a session of its own, made in the database
 * before the run), as the members of issue 40 are; their pages share the visitors' cached answer plus
 * one statement of their own. `pg-demo` and `pglite-demo` are the demo seed alone (`npm start`'s data).
 *
 *   npm run bench:property -- [--setups pg-100k,pg-1m,pglite-100k,pg-demo,pglite-demo] [--cache on|off] [--viewer visitor|member] [--duration 20]
 *                             [--connections 20] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Data sets and the load driver: scripts/bench-kit.ts.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, queryRows } from '../server/db/database.ts';
import { newSessionToken, sessionCookieName, sessionIdOf } from '../server/features/auth/session-tokens.ts';
import { chooseDataSets, commonBenchOptions, dataSets, loadFromArgs, runBenchmark } from './bench-kit.ts';
import { propertyMix } from './bench-traffic.ts';

const { values: args } = parseArgs({
  options: {
    ...commonBenchOptions,
    setups: { type: 'string', default: 'pg-100k' },
    cache: { type: 'string', default: 'on' },
    viewer: { type: 'string', default: 'visitor' },
  },
});

if (args.help) {
  console.log(
    `usage: npm run bench:property -- [--setups ${dataSets.map((s) => s.name).join(',')}] [--cache on|off] [--duration 20] [--connections 20] [--database-url URL]`,
  );
  process.exit(0);
}

/** The target of issue 15: the property API serves at least this share of a bare hello-world. */
const minShareOfHelloWorld = 0.05;
/** Issue 40's targets for signed-in members. */
const minMemberShare = 0.08;
const memberEmbeddedP975Ms = 40;

const cacheOn = args.cache !== 'off';
const members = args.viewer === 'member';
const load = { ...loadFromArgs(args), cacheHeader: 'x-result-cache' };
const setups = chooseDataSets(args.setups);

/** The approved listings, and with --viewer member a session cookie for each of `sessions` guests. */
async function prepareViews(env: NodeJS.ProcessEnv, sessions: number): Promise<{ ids: number[]; cookies: string[] }> {
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR ? path.join(env.DATA_DIR, 'pglite') : undefined,
  });
  try {
    const rows = await queryRows<{ id: number }>(handle.db, `select id from properties where status = 'approved' order by id`, []);
    const guests = await queryRows<{ id: string }>(handle.db, `select id from users where role = 'guest' order by id limit $1`, [sessions]);
    const cookies: string[] = [];
    for (const guest of guests) {
      const token = newSessionToken();
      await queryRows(handle.db, `insert into sessions (id, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [
        sessionIdOf(token),
        guest.id,
      ]);
      cookies.push(`${sessionCookieName}=${token}`);
    }
    return { ids: rows.map((row) => Number(row.id)), cookies };
  } finally {
    await handle.close();
  }
}

async function main() {
  await runBenchmark({
    title: `property benchmark, as ${members ? 'signed-in members' : 'visitors'}`,
    setups,
    load,
    databaseUrl: args['database-url'],
    prepare: async (_setup, env) => {
      const { ids, cookies } = await prepareViews(env, members ? load.connections : 0);
      if (members && cookies.length === 0) throw new Error('--viewer member: the data set has no guest to sign in as');
      return { paths: propertyMix(ids, cacheOn ? 60_000 : 2000), env: { SEARCH_CACHE_SECONDS: cacheOn ? '30' : '0' }, cookies };
    },
    verdict: (setup, result, hello) => {
      const hits = ((result.cacheHits / Math.max(1, result.requests)) * 100).toFixed(0);
      // Issue 40's targets for members: ≥ 8 % of hello-world on PostgreSQL, p97.5 ≤ 40 ms embedded.
      const [met, target] =
        members && setup.driver === 'pglite'
          ? [result.p975 <= memberEmbeddedP975Ms, `p97.5 ≤ ${memberEmbeddedP975Ms} ms`]
          : [
              result.rps >= hello.rps * (members ? minMemberShare : minShareOfHelloWorld),
              `≥ ${(members ? minMemberShare : minShareOfHelloWorld) * 100} % of hello-world`,
            ];
      return `cache hits ${hits.padStart(3)} %  target ${target}: ${met && result.errors === 0 ? 'met' : 'MISSED'}`;
    },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
