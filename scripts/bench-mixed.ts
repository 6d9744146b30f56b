/**
 * Mixed load benchmark: `npm run bench:mixed` (issue 40).
 *
 * A busy site, not one endpoint: searches with zipf repeats, listing pages (half of them by signed-in
 * members), messages, booking requests and hosts' answers, in the proportions below, against the
 * built server on PostgreSQL (1M listings by default) with Redis: first one instance, then two, each
 * behind a small round-robin proxy of the benchmark's own (both runs go through it, so the only
 * difference is the number of instances). It prints, per kind, req/s, p50 and p97.5 and the errors, the
 * search cache's hit ratio, the machine's load, and the throughput of two instances against one,
 * beside a bare Fastify hello-world measured in the same run (directly and through the proxy).
 *
 *   npm run bench:mixed -- [--setups pg-1m] [--instances 1,2] [--duration 60] [--warmup 10] [--connections 20]
 *                          [--max-requests 200000] [--redis redis://127.0.0.1:6379|none] [--app-dir DIR] [--prepare yes|no]
 *                          [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *
 * `--app-dir` runs another checkout's build (`node scripts/build.mjs` there), e.g. the release before a
 * change; `--prepare no` uses the data set's database as it is (no top-up, no migration), for a
 * copy on an older schema. BENCH_DATABASE_PREFIX names the databases (scripts/bench-kit.ts).
 *
 * The mix, per 1,000 requests (seeded, so every run sends the same):
 * - 10 booking requests and 10 host answers. The seed's 2.82M stays (the 1M data set) went through
 *   a request each; 96.3 % were answered by the host (completed 2,451,461, cancelled later 192,063,
 *   declined 74,874) and 3.7 % expired unanswered: about one answer per request. Answers accept 97 %
 *   (the seed's declined share of answers is 2.8 %).
 * - 20 messages: the demo seed's waiting request carries the guest's question, and a question has
 *   an answer: two messages per request, written by the guest or the host in turn.
 * - 320 listing pages, half as signed-in members, and 640 searches. The seed holds stays, not visits:
 *   one request per 32 listing pages (3 %) and two searches per page opened are this benchmark's
 *   assumption, a busy site's look-to-book. Searches are bench:search's structured mix with zipf
 *   repeats (10,000 distinct, popularity 1/rank); pages bench:property's skew (half to the top 1 %).
 * Requests go to sublets and rentals (a host answers them; hotels book at once), 80 % in the twelve
 * best-known cities as searches do, each listing in turn, for a stay its rules allow. Requests and
 * answers from a client carry its own address (X-Forwarded-For, trusted from the proxy: TRUST_PROXY=1)
 * as behind a load balancer, so the per-address limits count guests, not the benchmark. Before each
 * run the requests of earlier runs are cancelled, so each run sends the same requests.
 *
 * Bounded: `--duration` seconds after `--warmup` per run, at most `--max-requests` requests; loopback only.
 * Over 300 lines on purpose: the mix, its driver and the runs are read together.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { leaseOptionDays } from '../core/booking-rules.ts';
import { addDaysIso, daysBetween, today } from '../core/dates.ts';
import { openDatabase, queryRows, type Database } from '../server/db/database.ts';
import { newSessionToken, sessionCookieName, sessionIdOf } from '../server/features/auth/session-tokens.ts';
import { gazetteer } from '../server/seed/gazetteer.ts';
import { createRandom } from '../server/seed/random.ts';
import {
  chooseDataSets,
  commonBenchOptions,
  dataSets,
  drive,
  ensureBuilt,
  helloWorldScript,
  helloRow,
  loadFromArgs,
  measureHelloWorld,
  postgresDataSet,
  prepareData,
  root,
  startAppServer,
  startServer,
  type DataSet,
  type LoadResult,
  type RunningServer,
} from './bench-kit.ts';
import { propertyMix, searchMix, zipfTraffic } from './bench-traffic.ts';

const { values: args } = parseArgs({
  options: {
    ...commonBenchOptions,
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    setups: { type: 'string', default: 'pg-1m' },
    instances: { type: 'string', default: '1,2' },
    'max-requests': { type: 'string', default: '200000' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    'app-dir': { type: 'string' },
    prepare: { type: 'string', default: 'yes' },
  },
});

if (args.help) {
  console.log(
    `usage: npm run bench:mixed -- [--setups ${dataSets
      .filter((set) => set.driver === 'postgres')
      .map((set) => set.name)
      .join(
        ',',
      )}] [--instances 1,2] [--duration 60] [--warmup 10] [--connections 20] [--max-requests 200000] [--redis URL|none] [--app-dir DIR] [--prepare yes|no] [--database-url URL]`,
  );
  process.exit(0);
}

const load = loadFromArgs(args);
const maxRequests = Number(args['max-requests']);
const instanceCounts = args.instances.split(',').map(Number);
const redisUrl = args.redis === 'none' ? undefined : args.redis;
const appDir = path.resolve(args['app-dir'] ?? root);
const setups = chooseDataSets(args.setups);
if (setups.some((setup) => setup.driver !== 'postgres')) throw new Error('bench:mixed runs several instances: PostgreSQL data sets only');
if (instanceCounts.some((count) => !Number.isInteger(count) || count < 1)) throw new Error('--instances lists whole numbers');

/** Issue 40's targets for this mix. */
const targets = { twoVersusOne: 1.7, searchHits: 0.6, bookingP975Ms: 100 };

const kinds = ['search', 'page', 'member page', 'message', 'booking request', 'host answer'] as const;
type Kind = (typeof kinds)[number];
/** Per 1,000 requests (see the header). */
const weights: [Kind, number][] = [
  ['search', 640],
  ['page', 160],
  ['member page', 160],
  ['message', 20],
  ['booking request', 10],
  ['host answer', 10],
];

interface Member {
  cookie: string;
  /** The address a load balancer would have written in X-Forwarded-For. */
  ip: string;
}

interface Candidate {
  id: number;
  type: 'sublet' | 'rental';
  host: Member;
  availableFrom: string | null;
  availableUntil: string | null;
  minStayDays: number;
  maxStayDays: number;
  leaseOptions: string[];
}

interface Prepared {
  searches: string[];
  pages: string[];
  guests: Member[];
  candidates: Candidate[];
  guestIds: string[];
}

const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** A session for each user, made in the database (as bench:property does), with its own address. */
async function sessions(db: Database, userIds: string[], firstAddress: number): Promise<Member[]> {
  const tokens = userIds.map(() => newSessionToken());
  await queryRows(
    db,
    `insert into sessions (id, user_id, expires_at) select * from unnest($1::text[], $2::uuid[], array_fill(now() + interval '1 day', array[$3::int]))`,
    [tokens.map(sessionIdOf), userIds, userIds.length],
  );
  return tokens.map((token, index) => ({ cookie: `${sessionCookieName}=${token}`, ip: addressOf(firstAddress + index) }));
}

/** The requests of this benchmark: searches, pages, members and the listings their requests go to. */
async function prepareMix(env: NodeJS.ProcessEnv): Promise<Prepared> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL });
  try {
    const db = handle.db;
    // The photo-hash job's backfill (decision 052), finished as the job finishes it on a data set made
    // without photo files (hashed, no hash): left to it, every instance would run updates of 76,000
    // rows each through the measured minutes, which a site in service finished long ago.
    const unhashed = await queryRows<{ key: string }>(
      db,
      `select distinct storage_key as key from property_photos where hashed_at is null`,
      [],
    );
    for (const { key } of unhashed)
      await queryRows(db, `update property_photos set hashed_at = now() where storage_key = $1 and hashed_at is null`, [key]);
    // The data set's generated guests (not the demo accounts, whose stays e2e-like checks may read).
    let guestIds = (
      await queryRows<{ id: string }>(
        db,
        `select id from users where role = 'guest' and email like '%@bench.example.com' order by id limit 1000`,
        [],
      )
    ).map((row) => row.id);
    if (guestIds.length < 100)
      guestIds = (await queryRows<{ id: string }>(db, `select id from users where role = 'guest' order by id limit 1000`, [])).map(
        (row) => row.id,
      );
    const popular = gazetteer
      .filter((place) => place.kind === 'city')
      .sort((a, b) => b.popularity - a.popularity)
      .slice(0, 12)
      .map((place) => place.slug);
    const bookable = `p.status = 'approved' and p.property_type in ('sublet', 'rental') and not p.keeps_shabbat and not p.instant_booking`;
    const columns = `p.id, p.property_type as type, p.host_id, p.available_from::text, p.available_until::text, p.min_stay_days, p.max_stay_days, p.lease_options`;
    type Row = {
      id: number;
      type: 'sublet' | 'rental';
      host_id: string;
      available_from: string | null;
      available_until: string | null;
      min_stay_days: number;
      max_stay_days: number;
      lease_options: string[];
    };
    const inPopular = await queryRows<Row>(
      db,
      `select ${columns} from properties p join places c on c.id = p.city_id where ${bookable} and c.slug = any($1) order by md5(p.id::text) limit 1200`,
      [popular],
    );
    const anywhere = await queryRows<Row>(
      db,
      `select ${columns} from properties p where ${bookable} order by md5(p.id::text || 'any') limit 300`,
      [],
    );
    const rows = [...new Map([...inPopular, ...anywhere].map((row) => [row.id, row])).values()];
    const random = createRandom(20261128);
    for (let i = rows.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [rows[i], rows[j]] = [rows[j]!, rows[i]!];
    }
    const hostIds = [...new Set(rows.map((row) => row.host_id))];
    const hosts = new Map((await sessions(db, hostIds, 1 << 20)).map((member, index) => [hostIds[index]!, member]));
    const guests = await sessions(db, guestIds, 1);
    const ids = (await queryRows<{ id: number }>(db, `select id from properties where status = 'approved' order by id`, [])).map((row) =>
      Number(row.id),
    );
    return {
      searches: zipfTraffic(searchMix(10_000), 200_000),
      pages: propertyMix(ids, 60_000),
      guests,
      guestIds,
      candidates: rows.map((row) => ({
        id: Number(row.id),
        type: row.type,
        host: hosts.get(row.host_id)!,
        availableFrom: row.available_from,
        availableUntil: row.available_until,
        minStayDays: row.min_stay_days,
        maxStayDays: row.max_stay_days,
        leaseOptions: row.lease_options,
      })),
    };
  } finally {
    await handle.close();
  }
}

/** A data set used as it is (--prepare no): only opened to visitors, as prepareData does, without touching its schema. */
async function openToVisitors(env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL });
  try {
    await queryRows(
      handle.db,
      `insert into platform_settings (key, value) values ('launch_mode', '"live"'::jsonb) on conflict (key) do update set value = excluded.value`,
      [],
    );
  } finally {
    await handle.close();
  }
  return env;
}

/** Cancels the requests and stays earlier runs made (the data set's own stays are all past), so every run sends the same requests. */
async function cancelEarlierRuns(env: NodeJS.ProcessEnv, guestIds: string[]): Promise<void> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL });
  try {
    await queryRows(
      handle.db,
      `update bookings set status = 'cancelled' where guest_id = any($1::uuid[]) and status in ('pending', 'confirmed') and check_in > current_date`,
      [guestIds],
    );
  } finally {
    await handle.close();
  }
}

/** A stay the listing's rules allow, within the next eight months: a lease option's length for a rental, one to three months for a sublet. */
function stayAt(candidate: Candidate, random: () => number): { checkIn: string; checkOut: string; leaseOption?: string } | undefined {
  const fits = (days: number) => days >= candidate.minStayDays && days <= candidate.maxStayDays;
  const leaseOption = candidate.type === 'rental' ? candidate.leaseOptions.find((option) => fits(leaseOptionDays[option] ?? 0)) : undefined;
  const days = leaseOption
    ? leaseOptionDays[leaseOption]!
    : Math.min(Math.max(30 * (1 + Math.floor(random() * 3)), candidate.minStayDays), candidate.maxStayDays);
  const soonest = addDaysIso(today(), 7);
  const earliest = candidate.availableFrom && candidate.availableFrom > soonest ? candidate.availableFrom : soonest;
  const latest = candidate.availableUntil ? addDaysIso(candidate.availableUntil, -days) : addDaysIso(earliest, 240);
  if (latest < earliest || !fits(days)) return undefined;
  const checkIn = addDaysIso(earliest, Math.floor(random() * (Math.min(240, daysBetween(earliest, latest)) + 1)));
  return { checkIn, checkOut: addDaysIso(checkIn, days), ...(leaseOption ? { leaseOption } : {}) };
}

interface Request {
  kind: Kind;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  member?: Member;
  /** What the answer tells the rest of the mix (a new request to answer, a thread to write in). */
  answered?(status: number, body: string): void;
}

/** The mix's next request, by weight, from the state the earlier answers left (seeded: every run the same stream). */
function mixOf(prepared: Prepared) {
  const random = createRandom(20261129);
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let search = 0;
  let page = 0;
  let guest = 0;
  let candidate = 0;
  const waiting: { id: string; host: Member }[] = [];
  const threads: { id: string; guest: Member; host: Member }[] = [];
  let turn = 0;
  const next = (): Request => {
    for (;;) {
      let roll = random() * total;
      const kind = weights.find(([, weight]) => (roll -= weight) < 0)?.[0] ?? 'search';
      if (kind === 'search') return { kind, method: 'GET', path: prepared.searches[search++ % prepared.searches.length]! };
      if (kind === 'page' || kind === 'member page') {
        const path = prepared.pages[page++ % prepared.pages.length]!;
        return kind === 'page'
          ? { kind, method: 'GET', path }
          : { kind, method: 'GET', path, member: prepared.guests[guest++ % prepared.guests.length] };
      }
      if (kind === 'message') {
        const thread = threads[Math.floor(random() * threads.length)];
        if (!thread) continue; // nothing booked yet: draw again
        const fromGuest = turn++ % 2 === 0;
        const body = {
          body: fromGuest ? 'Is an early check-in possible? We land at noon.' : 'Yes, from 12:00. The key is with the neighbour.',
        };
        return { kind, method: 'POST', path: `/api/bookings/${thread.id}/messages`, body, member: fromGuest ? thread.guest : thread.host };
      }
      if (kind === 'host answer') {
        const request = waiting.shift();
        if (!request) continue;
        const action = random() < 0.97 ? 'accept' : 'decline';
        return { kind, method: 'POST', path: `/api/bookings/${request.id}/${action}`, member: request.host };
      }
      const listing = prepared.candidates[candidate++ % prepared.candidates.length]!;
      const stay = stayAt(listing, random);
      if (!stay) continue;
      const member = prepared.guests[Math.floor(random() * prepared.guests.length)]!;
      return {
        kind,
        method: 'POST',
        path: '/api/bookings?lang=en',
        body: { propertyId: listing.id, ...stay, guests: 1 },
        member,
        answered(status, body) {
          if (status !== 201 && status !== 200) return;
          const { id } = JSON.parse(body) as { id: string };
          waiting.push({ id, host: listing.host });
          threads.push({ id, guest: member, host: listing.host });
          if (threads.length > 500) threads.shift();
        },
      };
    }
  };
  return { next };
}

interface KindResult {
  latencies: number[];
  errors: number;
  /** The errors by status (0: no answer), to say what they were. */
  errorStatuses: Map<number, number>;
  /** Answered with a refusal a real guest can get (dates taken, already answered): 409, 422. */
  refused: number;
  hits: number;
}

interface MixedResult {
  byKind: Map<Kind, KindResult>;
  requests: number;
  errors: number;
  rps: number;
  loadBefore: number;
  loadAfter: number;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** `connections` clients in a closed loop on keep-alive sockets, taking the mix's requests in turn; recorded after the warm-up. */
async function driveMix(port: number, prepared: Prepared): Promise<MixedResult> {
  const { connections, warmupMs, durationMs } = load;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const mix = mixOf(prepared);
  const byKind = new Map<Kind, KindResult>(
    kinds.map((kind) => [kind, { latencies: [], errors: 0, errorStatuses: new Map(), refused: 0, hits: 0 }]),
  );
  const begin = performance.now();
  const measureFrom = begin + warmupMs;
  const end = measureFrom + durationMs;
  let recorded = 0;
  const loadBefore = os.loadavg()[0]!;

  const send = (request: Request) =>
    new Promise<{ status: number; body: string; latency: number; hit: boolean }>((resolve, reject) => {
      const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
      const headers: http.OutgoingHttpHeaders = { 'accept-encoding': 'identity', 'x-forwarded-for': request.member?.ip ?? '10.255.0.1' };
      if (request.member) headers.cookie = request.member.cookie;
      if (request.method === 'POST') headers['x-requested-with'] = 'fetch';
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const started = performance.now();
      const outgoing = http.request({ host: '127.0.0.1', port, method: request.method, path: request.path, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        const keep = request.answered !== undefined;
        response.on('data', (chunk: Buffer) => keep && chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: keep ? Buffer.concat(chunks).toString() : '',
            latency: performance.now() - started,
            hit: response.headers['x-search-cache'] === 'hit' || response.headers['x-result-cache'] === 'hit',
          }),
        );
      });
      outgoing.on('error', reject);
      outgoing.end(payload);
    });

  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end && recorded < maxRequests) {
        const request = mix.next();
        const answer = await send(request).catch(() => undefined);
        if (answer) request.answered?.(answer.status, answer.body);
        if (performance.now() < measureFrom) continue;
        recorded++;
        const result = byKind.get(request.kind)!;
        if (!answer || answer.status >= 500 || (answer.status >= 400 && answer.status !== 409 && answer.status !== 422)) {
          result.errors++;
          const status = answer?.status ?? 0;
          result.errorStatuses.set(status, (result.errorStatuses.get(status) ?? 0) + 1);
          continue;
        }
        if (answer.status >= 400) result.refused++;
        if (answer.hit) result.hits++;
        result.latencies.push(answer.latency);
      }
    }),
  );
  const elapsed = Math.min(durationMs, performance.now() - measureFrom);
  agent.destroy();
  for (const result of byKind.values()) result.latencies.sort((a, b) => a - b);
  const answered = [...byKind.values()].reduce((sum, result) => sum + result.latencies.length, 0);
  const errors = [...byKind.values()].reduce((sum, result) => sum + result.errors, 0);
  return { byKind, requests: answered, errors, rps: answered / (elapsed / 1000), loadBefore, loadAfter: os.loadavg()[0]! };
}

/** A round-robin HTTP proxy over `UPSTREAMS` (ports on loopback), on keep-alive sockets; headers pass as they are. */
const proxyScript = `
import http from 'node:http';
const ports = process.env.UPSTREAMS.split(',').map(Number);
const agents = ports.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
let next = 0;
const server = http.createServer((request, response) => {
  const index = next++ % ports.length;
  const upstream = http.request(
    { host: '127.0.0.1', port: ports[index], method: request.method, path: request.url, headers: request.headers, agent: agents[index] },
    (answer) => {
      response.writeHead(answer.statusCode, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(upstream);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
`;

function startProxy(upstreams: RunningServer[], healthPath: string): Promise<RunningServer> {
  return startServer(
    ['--input-type=module', '-e', proxyScript],
    { UPSTREAMS: upstreams.map((server) => server.port).join(',') },
    healthPath,
  );
}

const ms = (value: number) => value.toFixed(1).padStart(7);

/** ' (429×2, 500×1)': what the errors were. */
const statuses = (found: KindResult) =>
  found.errors === 0
    ? ''
    : ` (${[...found.errorStatuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status === 0 ? 'no answer' : status}×${count}`)
        .join(', ')})`;

function kindRows(result: MixedResult): string[] {
  return kinds.map((kind) => {
    const found = result.byKind.get(kind)!;
    const count = found.latencies.length;
    const hits =
      kind === 'search' || kind.endsWith('page')
        ? `  cache hits ${((found.hits / Math.max(1, count)) * 100).toFixed(0).padStart(3)} %`
        : '';
    return (
      `  ${kind.padEnd(16)} ${String(count).padStart(6)} answered ${(count / (load.durationMs / 1000)).toFixed(1).padStart(7)} req/s  ` +
      `p50 ${ms(percentile(found.latencies, 0.5))} ms  p97.5 ${ms(percentile(found.latencies, 0.975))} ms  errors ${found.errors}${statuses(found)}  refused ${found.refused}${hits}`
    );
  });
}

function summaryRow(label: string, result: MixedResult, hello: LoadResult): string {
  const search = result.byKind.get('search')!;
  const booking = result.byKind.get('booking request')!;
  return (
    `${label.padEnd(12)} ${Math.round(result.rps).toString().padStart(6)} req/s  ${((result.rps / hello.rps) * 100).toFixed(1).padStart(5)} % of hello-world  ` +
    `search hits ${((search.hits / Math.max(1, search.latencies.length)) * 100).toFixed(0).padStart(3)} %  ` +
    `booking request p97.5 ${ms(percentile(booking.latencies, 0.975))} ms  errors ${result.errors}  load ${result.loadBefore.toFixed(1)} → ${result.loadAfter.toFixed(1)}`
  );
}

async function runOn(setup: DataSet, hello: LoadResult, viaProxy: LoadResult): Promise<string[]> {
  console.log(`--- ${setup.name}: preparing ${setup.listings.toLocaleString('en')} listings`);
  const env =
    args.prepare === 'no'
      ? await openToVisitors(postgresDataSet(setup, args['database-url']).env)
      : await prepareData(setup, args['database-url']);
  const prepared = await prepareMix(env);
  console.log(`${prepared.candidates.length} listings to request, ${prepared.guests.length} guests signed in`);
  const results: [number, MixedResult][] = [];
  for (const count of instanceCounts) {
    await cancelEarlierRuns(env, prepared.guestIds);
    const serverEnv: NodeJS.ProcessEnv = {
      ...env,
      SEARCH_CACHE_SECONDS: '30',
      // A cache of its own for every run: nothing is kept from the one before.
      SEARCH_CACHE_KEY_PREFIX: `bench-mixed-${randomUUID()}:`,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      // The proxy stands for a load balancer: each client's address is the X-Forwarded-For it sent.
      TRUST_PROXY: '1',
    };
    const servers: RunningServer[] = [];
    // One after the other: two starting at once on two busy cores time out more often than not.
    for (let i = 0; i < count; i++) servers.push(await startAppServer(serverEnv, appDir));
    const proxy = await startProxy(servers, '/api/health');
    try {
      console.log(`\n${count} instance${count === 1 ? '' : 's'} behind the proxy${redisUrl ? ', Redis' : ', no Redis'}:`);
      const result = await driveMix(proxy.port, prepared);
      for (const row of kindRows(result)) console.log(row);
      console.log(summaryRow(`${count} instance${count === 1 ? '' : 's'}`, result, hello));
      results.push([count, result]);
    } finally {
      await proxy.stop();
      for (const server of servers) await server.stop();
    }
  }
  const rows = results.map(([count, result]) => `${setup.name} ${summaryRow(`${count} inst.`, result, hello)}`);
  const one = results.find(([count]) => count === 1)?.[1];
  const two = results.find(([count]) => count === 2)?.[1];
  if (one && two) {
    const ratio = two.rps / one.rps;
    const hits = (result: MixedResult) => result.byKind.get('search')!.hits / Math.max(1, result.byKind.get('search')!.latencies.length);
    const bookingP975 = percentile(two.byKind.get('booking request')!.latencies, 0.975);
    const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
    rows.push(
      `${setup.name} two instances vs one: ${ratio.toFixed(2)}× (target ≥ ${targets.twoVersusOne}×: ${verdict(ratio >= targets.twoVersusOne)}); ` +
        `search cache hits ${(hits(two) * 100).toFixed(0)} % (target ≥ ${targets.searchHits * 100} %: ${verdict(hits(two) >= targets.searchHits)}); ` +
        `booking request p97.5 ${bookingP975.toFixed(1)} ms (target ≤ ${targets.bookingP975Ms} ms: ${verdict(bookingP975 <= targets.bookingP975Ms)}); ` +
        `the proxy alone serves ${Math.round(viaProxy.rps)} req/s of hello-world`,
    );
  }
  return rows;
}

async function main() {
  if (appDir === root) await ensureBuilt();
  else if (!existsSync(path.join(appDir, 'dist/server/main.js')))
    throw new Error(`${appDir} has no build: run node scripts/build.mjs there`);
  const hello = await measureHelloWorld(load);
  // The same hello-world through the proxy: the most any run through it can serve on this machine.
  const helloServer = await startServer(['--input-type=module', '-e', helloWorldScript], {}, '/');
  const proxy = await startProxy([helloServer], '/');
  const viaProxy = await drive(proxy.port, ['/'], load);
  await proxy.stop();
  await helloServer.stop();
  console.log(`hello-world through the proxy: ${Math.round(viaProxy.rps)} req/s, p97.5 ${viaProxy.p975.toFixed(1)} ms\n`);
  const rows: string[] = [];
  for (const setup of setups) rows.push(...(await runOn(setup, hello, viaProxy)));
  const { connections, durationMs, warmupMs } = load;
  console.log(
    `\nmixed benchmark (${appDir === root ? 'this checkout' : appDir}), ${connections} connections, ${durationMs / 1000} s each after ${warmupMs / 1000} s warm-up, at most ${maxRequests} requests, ${os.cpus().length} cores`,
  );
  console.log(helloRow(hello));
  console.log(`hello-world via proxy ${Math.round(viaProxy.rps)} req/s`);
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
