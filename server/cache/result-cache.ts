import type { FastifyReply } from 'fastify';
import { queryRows, type DatabaseHandle } from '../db/database.ts';
import type { RedisConnection } from '../redis/redis-connection.ts';

/**
 * Answers of identical public reads, kept for a few seconds (docs/decisions/013-search-result-cache.md):
 * searches, and listing pages as a visitor sees them. Real traffic repeats heavily (the same city, the
 * same first page, the popular listings), and each repeat costs the database a round trip or a plan
 * and a walk of an index.
 *
 * Freshness: every write to what these answers read takes a new number from the `search_generation`
 * sequence and announces it with NOTIFY (drizzle/0015_search_generation.sql, and 0016 for what only
 * listing pages show: reviews, host profiles and figures); a statement that changes no row announces
 * nothing (0029: the jobs every instance runs every minute). PostgreSQL delivers it
 * at commit, to every instance, in commit order; the number is part of the key, so after a booking,
 * a block or a listing change every instance asks the database again. While the listening connection
 * is down nothing is cached or served from the cache.
 */
export interface ResultCache {
  /**
   * The answer kept under `key`: from the cache as the JSON text it was sent as (sent again unparsed),
   * or from `compute` (then kept for the next identical request). The key must name everything the
   * answer depends on other than the database (the caller's parameters, never the viewer's identity).
   */
  answer<T>(key: string, compute: () => Promise<T>): Promise<{ cachedJson: string } | { computed: T }>;
  /**
   * A value that many answers share (the seasonal prices of a stay, for every search over those
   * dates), kept in this process until the next change or for the answers' lifetime: computed once,
   * then reused by the misses that need it. Computed every time while nothing is cached.
   */
  remember: Remember;
  /** Hits and misses since start (the benchmark prints the ratio). */
  stats(): { hits: number; misses: number };
  close(): Promise<void>;
}

/** Keeps a value under `key` as ResultCache.remember does; the key must name all the value depends on but the database. */
export type Remember = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/** Remembers nothing: for callers without a result cache (scripts, tests of a repository). */
export const computeNow: Remember = (_key, compute) => compute();

/** Values kept by `remember` at most, in this process; past it they start over (they are small: ids and prices). */
const maxRemembered = 2000;

export interface Store {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  /** The generation changed: entries under older keys are unreachable now. */
  forget(): void;
  close(): Promise<void>;
}

/**
 * Sends what `answer` gave: a computed answer goes back to the route (Fastify checks and serialises
 * it); a kept one is the JSON text this route sent when it computed it, sent again as it is, without
 * parsing, checking and serialising it once more. `header` says which it was (miss or hit): the
 * benchmarks count it; browsers ignore it.
 */
export function sendAnswer<T, R extends FastifyReply>(reply: R, header: string, answer: { cachedJson: string } | { computed: T }): T | R {
  reply.header(header, 'computed' in answer ? 'miss' : 'hit');
  if ('computed' in answer) return answer.computed;
  reply.type('application/json; charset=utf-8').send(answer.cachedJson);
  return reply;
}

/**
 * What the process keeps when there is no Redis, in characters of JSON (one or two bytes each): about
 * 64 MB at most. Counted in characters rather than entries: a listing page is a few kB and a search
 * page about 10 kB, and a count sized for searches kept too few listing pages to hold the popular ones
 * (a fifth of repeated visits answered from memory in bench:property, where half went to 1 % of the listings).
 */
const memoryBudgetChars = 32 * 1024 * 1024;

/** A least-recently-used map bounded by the size of what it holds, whose entries also expire. */
export function memoryStore(ttlMs: number, budgetChars = memoryBudgetChars): Store {
  const entries = new Map<string, { value: string; until: number }>();
  let size = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    size -= key.length + entry.value.length;
    return entry;
  };
  return {
    async get(key) {
      const entry = remove(key);
      if (!entry || entry.until <= Date.now()) return undefined;
      entries.set(key, entry); // most recently used last
      size += key.length + entry.value.length;
      return entry.value;
    },
    async set(key, value) {
      remove(key);
      entries.set(key, { value, until: Date.now() + ttlMs });
      size += key.length + value.length;
      while (size > budgetChars && entries.size > 0) remove(entries.keys().next().value!);
    },
    forget() {
      entries.clear();
      size = 0;
    },
    async close() {},
  };
}

/**
 * Entries in Redis, shared by every instance; Redis expires them. While Redis is down
 * (redis-connection.ts) the cache is skipped at once: every lookup is a miss and nothing is stored.
 */
function redisStore(redis: RedisConnection, ttlMs: number, keyPrefix: string): Store {
  const skip = async () => undefined;
  return {
    get: (key) => redis.run('cache', async (client) => (await client.get(keyPrefix + key)) ?? undefined, skip),
    set: (key, value) => redis.run('cache', async (client) => void (await client.set(keyPrefix + key, value, 'PX', ttlMs)), skip),
    forget() {},
    // The connection belongs to the app, which closes it.
    async close() {},
  };
}

export async function createResultCache(options: {
  database: DatabaseHandle;
  ttlSeconds: number;
  /** The app's Redis connection: entries shared by every instance. Without it they stay in this process. */
  redis?: RedisConnection;
  /** Keeps tests (and several deployments on one Redis) apart. */
  keyPrefix?: string;
  /**
   * How long after a change the answers' reads may still miss it (a replica's window, server/db/read-replica.ts;
   * 0 without one). Answers computed that soon after a change are sent but not kept: kept under the new
   * generation, a replica's older answer would outlive the change it missed, for everyone, the writer too.
   */
  staleForMs?: number;
}): Promise<ResultCache> {
  let hits = 0;
  let misses = 0;
  if (options.ttlSeconds <= 0) {
    return {
      answer: async (_query, compute) => (misses++, { computed: await compute() }),
      remember: computeNow,
      stats: () => ({ hits, misses }),
      close: async () => undefined,
    };
  }

  const ttlMs = options.ttlSeconds * 1000;
  const store = options.redis ? redisStore(options.redis, ttlMs, options.keyPrefix ?? 'lina:') : memoryStore(ttlMs);
  const { database } = options;
  /** The key's generation; undefined while a change could go unnoticed (not listening). */
  let generation: string | undefined;
  let listening = false;
  /** When this instance last heard of a change (or started listening), for staleForMs. */
  let changedAt = Date.now();
  const staleForMs = options.staleForMs ?? 0;
  const mayKeep = () => staleForMs === 0 || Date.now() - changedAt >= staleForMs;
  /** Answers being computed in this process, by key: identical requests meanwhile share them. */
  const computing = new Map<string, Promise<string>>();
  /** What `remember` keeps, by generation and key: a promise, so that misses arriving together share one computation. */
  const remembered = new Map<string, { value: Promise<unknown>; until: number }>();

  const stopListening = await database.listen('search_changed', {
    notified(payload) {
      // Every instance hears the same numbers in the same order, so they agree on the key.
      if (listening) generation = payload;
      changedAt = Date.now();
      store.forget();
      remembered.clear();
    },
    lost() {
      listening = false;
      generation = undefined;
      store.forget();
      remembered.clear();
    },
    connected() {
      listening = true;
      changedAt = Date.now();
      // A number nobody else uses: what this instance caches before the next change is its own.
      // (The sequence's last value could belong to a change that has not committed yet.)
      void queryRows<{ generation: string }>(database.db, `select nextval('search_generation')::text as generation`, []).then(
        (rows) => {
          if (listening && generation === undefined) generation = rows[0]!.generation;
        },
        () => undefined,
      );
    },
  });

  return {
    async answer(answerKey, compute) {
      // Taken before the answer is computed: a change committed meanwhile moves later requests to a new key.
      const current = generation;
      if (current === undefined) return (misses++, { computed: await compute() });
      const keep = mayKeep();
      const key = `${current}:${answerKey}`;
      const cachedJson = await store.get(key).catch(() => undefined);
      if (cachedJson !== undefined) return (hits++, { cachedJson });
      // The same answer already being computed here (a popular search right after a change): wait for
      // it instead of asking the database the same thing again. If it fails, this request asks on its own.
      const pending = computing.get(key);
      if (pending) {
        const json = await pending.catch(() => undefined);
        if (json !== undefined) return (hits++, { cachedJson: json });
      }
      misses++;
      const computation = compute();
      const json = computation.then((computed) => JSON.stringify(computed));
      if (!pending) {
        computing.set(key, json);
        void json.then(
          () => computing.delete(key),
          () => computing.delete(key),
        );
      }
      const computed = await computation;
      // A cache that cannot store (Redis away) costs freshness nothing; the request is answered anyway.
      if (keep) await store.set(key, await json).catch(() => undefined);
      return { computed };
    },
    remember<T>(rememberKey: string, compute: () => Promise<T>): Promise<T> {
      const current = generation;
      if (current === undefined || !mayKeep()) return compute();
      const key = `${current}:${rememberKey}`;
      const kept = remembered.get(key);
      if (kept && kept.until > Date.now()) return kept.value as Promise<T>;
      if (remembered.size >= maxRemembered) remembered.clear();
      const value = compute();
      remembered.set(key, { value, until: Date.now() + ttlMs });
      // A failure is not kept: the next miss asks again.
      value.catch(() => {
        if (remembered.get(key)?.value === value) remembered.delete(key);
      });
      return value;
    },
    stats: () => ({ hits, misses }),
    async close() {
      // The database may already be closed at shutdown; nothing is left to stop then.
      await stopListening().catch(() => undefined);
      await store.close();
    },
  };
}
