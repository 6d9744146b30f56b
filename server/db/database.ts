import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectRoot } from '../project-root.ts';
import { startPgliteWorker, type PgliteWorkerClient } from './pglite-worker-client.ts';
import * as schema from './schema.ts';

/**
 * What a raw statement (`execute`) answers on either driver: node-postgres's QueryResult and
 * PGlite's Results both carry `rows`. Declaring it once types every `execute` result without a cast.
 */
export interface RowsResult<Row> {
  rows: Row[];
}
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}

/** Both drivers' own clients answer query(text, values) with { rows }. */
export interface RawClient {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The database itself: Drizzle over either driver, plus that driver's client (`$client`) for the
 * raw-SQL hot paths (queryRows). A transaction has no `$client` of its own (the pool's would run
 * outside the transaction), so a transaction is not a Database: code that may run inside one takes
 * an Executor instead.
 */
export type Database = PgDatabase<RowsResultHKT, typeof schema> & { $client: RawClient };
/** The `tx` of `db.transaction(async (tx) => …)`. */
export type Transaction = PgTransaction<RowsResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** Where a query can run: the database, or a transaction on it (the helpers shared by both). */
export type Executor = Database | Transaction;

export type DatabaseHandle = PostgresHandle | PgliteHandle;

interface PostgresHandle extends DatabaseHandleBase {
  driver: 'postgres';
  /** The connection pool, for a session of its own (the migration lock). */
  pool: pg.Pool;
}

interface PgliteHandle extends DatabaseHandleBase {
  driver: 'pglite';
  /** The worker that runs the embedded database (dumps its data folder for backups). */
  worker: PgliteWorkerClient;
}

interface DatabaseHandleBase {
  db: Database;
  /** Runs the migrations in drizzle/ that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Listens on a NOTIFY channel. PostgreSQL holds one connection open for it and reconnects after
   * a loss (telling the listener, since notifications sent meanwhile are gone); the embedded
   * database delivers its own notifications. Returns a function that stops listening.
   */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /** The PostgreSQL pool's clients (for /metrics); the embedded database has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export interface ChannelListener {
  notified(payload: string): void;
  /** The connection dropped: notifications may be missed until `connected` is called again. */
  lost(): void;
  /** Listening (again); nothing is missed from now on. */
  connected(): void;
}

export const migrationsFolder = path.join(projectRoot, 'drizzle');

export { embeddedExtensions } from './embedded-extensions.ts';

/**
 * 'memory://' gives a throw-away embedded database (tests); any other dataDir is kept on disk.
 * loadDataDir (embedded only) starts a new database from a dumped one: tests start from a migrated
 * template instead of running initdb and every migration again.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  loadDataDir?: Uint8Array<ArrayBuffer>;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // No JIT compilation: it pays off only for long analytic statements, and this app has none. A
    // search that walks an index under a LIMIT is costed as if it read the whole index (the planner
    // cannot know how soon the limit is met), which crossed jit_above_cost: compiling took about 3 s
    // for a statement that then ran in 30 ms (docs/performance.md, issue 15).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: '-c jit=off' });
    // A client that loses its server (PostgreSQL restarting) emits 'error'; without a listener that
    // kills the process. The pool listens to idle clients; a client checked out between two queries
    // of a transaction has no listener but this one (the next query fails, and the request with it).
    pool.on('error', () => undefined);
    pool.on('connect', (client) => void client.on('error', () => undefined));
    const db = drizzlePostgres(pool, { schema });
    return {
      db,
      driver: 'postgres',
      pool,
      migrate: () => migratePostgres(db, { migrationsFolder }),
      close: once(() => pool.end()),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, listener) => listenOnPostgres(options.databaseUrl!, channel, listener),
    };
  }

  const dataDir = options.dataDir ?? 'memory://';
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  // PGlite runs in a worker thread of its own, so queries do not block request handling
  // (docs/decisions/014-pglite-worker.md); Drizzle takes the worker's client as it took PGlite.
  const client = await startPgliteWorker(dataDir === 'memory://' ? undefined : dataDir, options.loadDataDir);
  // The worker's client implements the part of PGlite's interface Drizzle calls (query, exec,
  // transaction), not the whole class; the database-driver tests run every query through it.
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  return {
    db,
    driver: 'pglite',
    worker: client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: once(() => client.close()),
    async listen(channel, listener) {
      const stop = await client.listen(channel, (payload) => listener.notified(payload));
      // A dead worker sends nothing more: the listener must stop trusting what it has cached.
      client.onFailure(() => listener.lost());
      listener.connected();
      // A closed database listens to nothing any more (and would never answer the unlisten).
      return async () => (client.closed ? undefined : stop());
    },
  };
}

/** A connection of its own that LISTENs, reconnecting a second after any loss until stopped. */
async function listenOnPostgres(databaseUrl: string, channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const channelName = `"${channel.replaceAll('"', '""')}"`;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => listener.notified(message.payload ?? ''));
    const onLoss = () => {
      if (client !== next) return;
      client = undefined;
      listener.lost();
      next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    };
    next.on('error', onLoss);
    next.on('end', onLoss);
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${channelName}`);
    } catch (error) {
      onLoss();
      throw error;
    }
    if (stopped) await next.end();
    else listener.connected();
  }

  // The first connection must work (as the pool's must); later losses are retried.
  listener.lost();
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}

/** Closing twice (shutdown racing a test's cleanup) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/**
 * Raw SQL for the few hot paths where building a query with Drizzle costs more than running it
 * (search: docs/decisions/005-search-queries.md). Both drivers' clients answer query(text, values)
 * with { rows }. Statements are not prepared by name: PostgreSQL then switches to generic plans,
 * which were slower for search (docs/performance.md).
 */
export async function queryRows<Row>(db: Database, text: string, values: unknown[]): Promise<Row[]> {
  return (await db.$client.query(text, values)).rows as Row[];
}
