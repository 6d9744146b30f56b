import type { FastifyInstance, FastifyRequest } from 'fastify';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, DatabaseHandle } from './database.ts';
import * as schema from './schema.ts';

/**
 * Public reads on a streaming replica (DATABASE_READ_URL), docs/decisions/038-read-replica-and-backups.md.
 *
 * Rules:
 * - Only the routes that ask for it (search, map, listing pages, public profiles) read through
 *   `forRequest`; every write, and every read of one's own account, stays on the primary.
 * - The replica is used only while its last check (every `checkMs`) found it up, still a standby,
 *   and at most `maxLagSeconds` behind. Lag: 0 when it has replayed the primary's WAL position read
 *   just before, else how old the newest data it surely holds is (see measure()).
 * - A query that fails on the replica because of the replica (stopped, restarting, a recovery
 *   conflict) runs again on the primary, and the replica is set aside until the next good check: a
 *   visitor never sees the error.
 * - Read-your-writes: any unsafe request (POST, PUT, PATCH, DELETE) under /api/ gets a cookie naming
 *   the time until which that browser's reads go to the primary. It is a cookie, so every instance
 *   honours it; a forged value can only send its owner's reads to the primary (which is what happens
 *   with no replica at all), and a value further ahead than one window is ignored.
 * - The window is maxLag + checkMs + 1 s: a replica used at time t was at most maxLag behind at its
 *   last check, at most checkMs ago, so it holds every commit before t - window.
 */
export interface ReadRouting {
  /** The database a public read of this request should use. */
  forRequest(request: FastifyRequest): Database;
  /** How long after a commit a read through `forRequest` may still miss it (0: no replica). */
  staleForMs: number;
  /** The replica's state for /metrics; null without a replica. */
  status(): ReplicaStatus | null;
  /** Checks the replica at once (the periodic check does the same). */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface ReplicaStatus {
  /** Whether reads go to it now. */
  usable: boolean;
  /** Seconds behind the primary at the last check; null when it did not answer. */
  lagSeconds: number | null;
}

export const readYourWritesCookie = 'lina_reads_primary_until';

/** Every read on the primary: no DATABASE_READ_URL, or the embedded database. */
export function primaryOnly(primary: DatabaseHandle): ReadRouting {
  return {
    forRequest: () => primary.db,
    staleForMs: 0,
    status: () => null,
    check: async () => undefined,
    close: async () => undefined,
  };
}

/** A WAL position ('16/B374D848') as a number that compares. */
function lsnValue(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * Whether an error came from the replica rather than from the query: no connection (no SQLSTATE),
 * or a SQLSTATE of connection (08), transaction rollback such as a recovery conflict (40), read-only
 * (25), resources (53), object state (55), operator intervention such as a shutdown (57), system (58)
 * or internal (XX) errors. Anything else (bad input, a missing row) would fail on the primary too: it
 * is not retried, and it does not set the replica aside, so a visitor cannot push reads off it.
 */
function isReplicaFault(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return ['08', '25', '40', '53', '55', '57', '58', 'XX'].includes(code.slice(0, 2));
}

/**
 * A pg.Pool stand-in for Drizzle whose queries go to the replica and, when that fails, to the
 * primary. Its name contains "Pool", so Drizzle asks it for a client to run a transaction: that
 * client is the primary's (public reads never open one, but nothing may write to a standby).
 */
class ReplicaFallbackPool {
  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly failed: (error: unknown) => void,
  ) {}

  async query(text: unknown, values?: unknown): Promise<unknown> {
    try {
      return await this.replica.query(text as string, values as unknown[]);
    } catch (error) {
      if (!isReplicaFault(error)) throw error;
      this.failed(error);
      return this.primary.query(text as string, values as unknown[]);
    }
  }

  connect(): Promise<pg.PoolClient> {
    return this.primary.connect();
  }
}

export async function openReadReplica(options: {
  primary: DatabaseHandle;
  replicaUrl: string;
  maxLagSeconds: number;
  checkMs?: number;
  log?: { warn(object: object, message: string): void };
}): Promise<ReadRouting> {
  const { primary, log } = options;
  if (primary.driver !== 'postgres') throw new Error('DATABASE_READ_URL needs DATABASE_URL: the embedded database has no replicas');
  const checkMs = options.checkMs ?? 1000;
  const primaryPool = primary.pool;
  const replicaPool = new pg.Pool({
    connectionString: options.replicaUrl,
    max: 10,
    options: '-c jit=off',
    // A replica that went away must cost a request a moment, not the pool's default wait forever.
    connectionTimeoutMillis: 2000,
  });
  replicaPool.on('error', () => undefined);

  let status: ReplicaStatus = { usable: false, lagSeconds: null };
  let checking: Promise<void> | undefined;
  const setAside = (error: unknown) => {
    if (status.usable) log?.warn({ err: error }, 'read replica failed: reading from the primary until it checks out again');
    status = { usable: false, lagSeconds: status.lagSeconds };
  };
  // Drizzle's node-postgres driver takes a pg.Pool but calls only query() and connect(), which the
  // stand-in has; the read-replica tests run public reads and the fallback through it.
  const fallbackPool = new ReplicaFallbackPool(replicaPool, primaryPool, setAside) as unknown as pg.Pool;
  const replicaDb: Database = drizzlePostgres(fallbackPool, { schema });

  /** The primary's WAL position at each check (the last ten minutes' worth), to date what the replica has replayed. */
  const positions: { at: number; lsn: bigint }[] = [];

  async function measure(): Promise<ReplicaStatus> {
    try {
      // The primary's position first: a replica that has replayed it is not behind. The insert
      // position, not the write one: with synchronous_commit off a commit can sit in WAL buffers.
      const at = Date.now();
      const position = await primaryPool.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
      const current = lsnValue(position.rows[0]!.lsn);
      const { rows } = await replicaPool.query<{ standby: boolean; replayed: string | null; since_replay: number | null }>(
        `select pg_is_in_recovery() as standby,
                pg_last_wal_replay_lsn()::text as replayed,
                extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as since_replay`,
      );
      const row = rows[0]!;
      // A promoted replica is a server of its own that no longer follows the primary.
      if (!row.standby || row.replayed === null) return { usable: false, lagSeconds: null };
      const replayed = lsnValue(row.replayed);
      let lagSeconds = 0;
      if (replayed < current) {
        // Two bounds, the smaller wins: it holds every commit up to the last one it replayed, and
        // everything the primary had written at the newest earlier check whose position it has
        // passed (on a quiet site the last commit may be hours old while only a checkpoint is missing).
        let passed: number | undefined;
        for (const sample of positions) if (sample.lsn <= replayed) passed = sample.at;
        const byCommit = row.since_replay ?? Number.POSITIVE_INFINITY;
        const byPosition = passed === undefined ? Number.POSITIVE_INFINITY : (Date.now() - passed) / 1000;
        lagSeconds = Math.max(0, Math.min(byCommit, byPosition));
      }
      positions.push({ at, lsn: current });
      if (positions.length > Math.ceil(600_000 / checkMs)) positions.shift();
      return { usable: lagSeconds <= options.maxLagSeconds, lagSeconds };
    } catch {
      return { usable: false, lagSeconds: null };
    }
  }

  const check = () =>
    (checking ??= measure()
      .then((measured) => {
        if (status.usable && !measured.usable)
          log?.warn({ lagSeconds: measured.lagSeconds }, 'read replica set aside: down or too far behind');
        status = measured;
      })
      .finally(() => (checking = undefined)));

  await check();
  const timer = setInterval(() => void check(), checkMs);
  timer.unref();
  const staleForMs = options.maxLagSeconds * 1000 + checkMs + 1000;

  return {
    forRequest(request) {
      if (!status.usable) return primary.db;
      const until = Number(request.cookies?.[readYourWritesCookie]);
      const now = Date.now();
      if (Number.isFinite(until) && until > now && until <= now + staleForMs) return primary.db;
      return replicaDb;
    },
    staleForMs,
    status: () => status,
    check,
    async close() {
      clearInterval(timer);
      await checking?.catch(() => undefined);
      await replicaPool.end();
    },
  };
}

/** Marks a browser that just changed something, so its reads go to the primary for the window (see above). */
export function registerReadYourWrites(app: FastifyInstance, reads: ReadRouting, secureCookies: boolean) {
  if (reads.staleForMs === 0) return;
  const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  // onRequest, not onSend: @fastify/cookie writes the cookies set so far in an onSend hook of its own.
  app.addHook('onRequest', async (request, reply) => {
    if (!unsafe.has(request.method) || !request.url.startsWith('/api/')) return;
    reply.setCookie(readYourWritesCookie, String(Date.now() + reads.staleForMs), {
      path: '/api/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: Math.ceil(reads.staleForMs / 1000),
    });
  });
}
