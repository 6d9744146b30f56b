/**
 * Booking benchmark: `npm run bench:booking`.
 *
 * Starts the built server on a PostgreSQL database with the demo data, signs in ten demo guests and
 * runs 20 rounds; each round fires 100 simultaneous requests for overlapping dates at one sublet.
 * Exactly one request per round may succeed (the exclusion constraint); the rest must get 409, never
 * a 5xx. Prints each round and the overall req/s, and exits non-zero if any round broke the rule.
 *
 *   npm run bench:booking -- [--database-url postgres://postgres@127.0.0.1:5432/postgres] [--rounds 20] [--requests 100]
 *
 * Uses (and creates when missing) the database lina_bench_booking; its bookings from earlier runs are
 * removed first, so every run starts from the same state.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    rounds: { type: 'string', default: '20' },
    requests: { type: 'string', default: '100' },
  },
});
const rounds = Number(args.rounds);
const perRound = Number(args.requests);
const root = path.resolve(import.meta.dirname, '..');
const guestEmails = [
  'guest@example.com',
  'samir.haddad@example.com',
  'liat.ohana@example.com',
  'itai.gabay@example.com',
  'guy.malka@example.com',
  'michal.levi@example.com',
  'keren.amsalem@example.com',
  'ronit.peretz@example.com',
  'tamar.shapiro@example.com',
  'avi.mizrahi@example.com',
];

async function main() {
  if (!existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('Build first: npm run build');
  const admin = new pg.Client({ connectionString: args['database-url'] });
  await admin.connect();
  const exists = await admin.query(`select 1 from pg_database where datname = 'lina_bench_booking'`);
  if (exists.rowCount === 0) await admin.query('create database lina_bench_booking');
  await admin.end();
  const url = new URL(args['database-url']);
  url.pathname = '/lina_bench_booking';

  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      TRUST_PROXY: '1',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let started = Date.now(); ;) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 60_000) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    // Same state every run: only the seed's past stays remain.
    await db.query(`delete from bookings where status <> 'completed'`);
    await db.query('delete from rate_limit_counters');
    const listings = (
      await db.query<{ id: number; from: string }>(
        `select id, greatest(coalesce(available_from, current_date), current_date + 1)::text as from from properties
         where status = 'approved' and property_type = 'sublet' and min_stay_days <= 30 and max_stay_days >= 45
           and (available_until is null or available_until >= greatest(coalesce(available_from, current_date), current_date + 1) + 60)
           and host_id not in (select id from users where email = any($2))
         order by id limit $1`,
        [rounds, guestEmails],
      )
    ).rows;
    if (listings.length < rounds) throw new Error(`only ${listings.length} bookable sublets for ${rounds} rounds`);

    const cookies: string[] = [];
    for (const email of guestEmails) {
      const response = await fetch(`${base}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
        body: JSON.stringify({ email, password: 'Passw0rd!' }),
      });
      const cookie = response.headers.getSetCookie().find((value) => value.startsWith('lina_session='));
      if (!response.ok || !cookie) throw new Error(`${email} could not sign in: ${response.status}`);
      cookies.push(cookie.split(';')[0]!);
    }

    const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    let broken = 0;
    let total = 0;
    let totalMs = 0;
    for (let round = 0; round < rounds; round++) {
      const listing = listings[round]!;
      // This measures the conflict path, not the booking rate limits (20 attempts an hour per
      // account, 50 per address): each round starts with fresh counters, and each request comes
      // from its own address (the server trusts this one local hop). A guest may still hold one
      // pending request per listing, so a second one by the same guest is one more 409.
      await db.query('delete from rate_limit_counters');
      const started = performance.now();
      const statuses = await Promise.all(
        Array.from({ length: perRound }, (_, i) =>
          fetch(`${base}/api/bookings`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-requested-with': 'fetch',
              'x-forwarded-for': `198.51.100.${i + 1}`,
              cookie: cookies[i % cookies.length]!,
            },
            // Every request overlaps every other: all hold day 30 of the window.
            body: JSON.stringify({
              propertyId: listing.id,
              checkIn: addDays(listing.from, i % 5),
              checkOut: addDays(listing.from, 35 + (i % 7)),
            }),
          }).then((response) => response.status),
        ),
      );
      const ms = performance.now() - started;
      total += perRound;
      totalMs += ms;
      const created = statuses.filter((status) => status === 201).length;
      const conflicts = statuses.filter((status) => status === 409).length;
      const other = statuses.filter((status) => status !== 201 && status !== 409);
      const ok = created === 1 && conflicts === perRound - 1;
      if (!ok) broken++;
      console.log(
        `round ${String(round + 1).padStart(2)}: ${created} created, ${conflicts} × 409${other.length ? `, other: ${other.join(',')}` : ''}` +
          `  ${Math.round(perRound / (ms / 1000))} req/s  ${ok ? 'ok' : 'BROKEN'}`,
      );
    }
    await db.end();
    console.log(
      `\n${rounds} rounds of ${perRound} conflicting requests: ${Math.round(total / (totalMs / 1000))} req/s overall, ${broken ? `${broken} rounds BROKEN` : 'exactly one booking per round'}`,
    );
    if (broken) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
