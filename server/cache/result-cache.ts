/**
 * Over 300 lines on purpose: the cache's two homes (this process, Redis) keep versions differently,
 * and their rules of freshness are read together with the one `answer` both serve.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../db/database.ts';
import type { RedisConnection } from '../redis/redis-connection.ts';
import { keepChangesMs, startChangeFeed, type Change } from './change-feed.ts';
import { everythingKey } from './change-keys.ts';

/**
 * Answers of identical public reads, kept for a few seconds (docs/decisions/013-search-result-cache.md):
 * searches, and listing pages as a visitor sees them. Real traffic repeats heavily (the same city, the
 * same first page, the popular listings), and each repeat costs the database a round trip or a plan
 * and a walk of an index.
 *
 * Freshness by the keys a write touches (docs/decisions/065-keyed-cache.md): every answer names the
 * keys it depends on (change-keys.ts: a listing's page, a type's listings in a place, …), and is kept
 * under the versions those keys had before it was computed. Every write to what answers read appends
 * the keys it touched to cache_changes (drizzle/0049_keyed_cache_changes.sql); each instance reads
 * them (change-feed.ts) and moves those versions on, so a booking in Eilat ends the answers that
 * depend on Eilat and leaves Haifa's. While the instance cannot read them, nothing is served from the
 * cache or kept in it.
 */
export interface ResultCache {
  /**
   * The answer kept under `key`: from the cache as the JSON text it was sent as (sent again unparsed),
   * or from `compute` (then kept for the next identical request). The key must name everything the
   * answer depends on other than the database (the caller's parameters, never the viewer's identity);
   * `dependsOn` the change keys of everything it reads from the database.
   */
  answer<T>(key: string, dependsOn: readonly string[], compute: () => Promise<T>): Promise<{ cachedJson: string } | { computed: T }>;
  /**
   * A value that many answers share (the seasonal prices of a stay, for every search over those
   * dates), kept in this process until one of the keys it depends on changes or for the answers'
   * lifetime: computed once, then reused by the misses that need it. Computed every time while nothing is cached.
   */
  remember: Remember;
  /** Hits and misses since start (the benchmark prints the ratio). */
  stats(): { hits: number; misses: number };
  /**
   * Resolves once this instance has read the changes committed before the call (waiting at most
   * `waitMs`, a second by default): a write waits for it before answering, so that its writer's next
   * read is fresh (with Redis, on every instance).
   */
  caughtUp(waitMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Keeps a value under `key` as ResultCache.remember does; the key must name all the value depends on but the database, `dependsOn` that. */
export type Remember = <T>(key: string, dependsOn: readonly string[], compute: () => Promise<T>) => Promise<T>;

/** Remembers nothing: for callers without a result cache (scripts, tests of a repository). */
export const computeNow: Remember = (_key, _dependsOn, compute) => compute();

/** Values kept by `remember` at most, in this process; past it they start over (they are small: ids and prices). */
const maxRemembered = 2000;

/** How often each instance reads the changes: a write is seen by the other instances within about this. */
const defaultLookEveryMs = 100;

export interface Store {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  /** Everything kept is unreachable now. */
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

/** Where an answer is under the current versions of what it depends on. */
interface Lookup {
  /** The answer's key with those versions. */
  versionedKey: string;
  /** False when one of them changed so recently that a replica may not have the change yet (staleForMs). */
  mayKeep: boolean;
  /** The kept answer, when asked for and there is one. */
  cachedJson?: string;
}

/** The versions of the change keys, where they are kept, and the answers kept under them. */
interface Versions {
  /** Undefined: the cache cannot be used for this request (Redis away). */
  lookup(key: string, dependsOn: readonly string[], withEntry: boolean): Promise<Lookup | undefined>;
  store: Store;
  /** Moves the versions of the changes' keys on. */
  apply(changes: Change[]): Promise<void>;
  /** Moves every answer's version on. */
  forgetAll(): Promise<void>;
}

/**
 * Versions in this process: a number per key moved on by each change read (a key never changed is
 * 0), and an epoch for everything. Keys unchanged for a while are forgotten (back to 0): every answer
 * kept before their last change has expired by then, so 0 cannot find one.
 */
function processVersions(ttlMs: number, staleForMs: number): Versions {
  const store = memoryStore(ttlMs);
  const versions = new Map<string, { version: number; at: number }>();
  let counter = 0;
  let epoch = 0;
  let epochAt = Date.now();
  let sweptAt = Date.now();
  const forgetAfterMs = 2 * ttlMs + staleForMs + 60_000;
  return {
    async lookup(key, dependsOn, withEntry) {
      const now = Date.now();
      let mayKeep = now - epochAt >= staleForMs;
      const parts = [epoch];
      for (const dependency of dependsOn) {
        const known = versions.get(dependency);
        parts.push(known?.version ?? 0);
        if (known && now - known.at < staleForMs) mayKeep = false;
      }
      const versionedKey = `${key}@${parts.join('.')}`;
      return { versionedKey, mayKeep, cachedJson: withEntry ? await store.get(versionedKey) : undefined };
    },
    store,
    async apply(changes) {
      const now = Date.now();
      for (const change of changes) for (const key of change.keys) versions.set(key, { version: ++counter, at: now });
      if (now - sweptAt > forgetAfterMs) {
        sweptAt = now;
        for (const [key, { at }] of versions) if (now - at > forgetAfterMs) versions.delete(key);
      }
    },
    async forgetAll() {
      epoch++;
      epochAt = Date.now();
      store.forget();
    },
  };
}

/**
 * Reads the versions of KEYS (one missing gets a new one: Redis's clock in microseconds, above any
 * it had before), and with ARGV[2] = '1' the answer kept under ARGV[1] with them. Returns the
 * versioned key, the answer or false, and how long ago the newest of those versions was set (µs).
 */
const lookupScript = `
local now = redis.call('TIME')
local nowUs = tonumber(now[1]) * 1000000 + tonumber(now[2])
local versions = {}
local newest = 0
for i, key in ipairs(KEYS) do
  local version = redis.call('GET', key)
  if not version then
    version = string.format('%d', nowUs)
    redis.call('SET', key, version, 'PX', ARGV[3])
  end
  versions[i] = version
  newest = math.max(newest, tonumber(version))
end
local versionedKey = ARGV[1] .. '@' .. table.concat(versions, '.')
local entry = false
if ARGV[2] == '1' then entry = redis.call('GET', versionedKey) end
return {versionedKey, entry, string.format('%d', nowUs - newest)}
`;

/**
 * Applies changes once, whichever instance reads them first: ARGV[1] how long a change is remembered
 * as applied (ms), ARGV[2] how long a version is kept (ms), then per change its id's key and how many
 * of KEYS (in order) are its keys. Each key's version becomes Redis's clock in microseconds, or one
 * more than it was if that is later: always above every version it had.
 */
const applyScript = `
local now = redis.call('TIME')
local nowUs = tonumber(now[1]) * 1000000 + tonumber(now[2])
local at = 1
for i = 3, #ARGV, 2 do
  local count = tonumber(ARGV[i + 1])
  if redis.call('SET', ARGV[i], '1', 'NX', 'PX', ARGV[1]) then
    for k = at, at + count - 1 do
      local version = tonumber(redis.call('GET', KEYS[k]) or '0')
      redis.call('SET', KEYS[k], string.format('%d', math.max(version + 1, nowUs)), 'PX', ARGV[2])
    end
  end
  at = at + count
end
return 1
`;

/** Runs a script by its digest, sending its text only when Redis does not have it yet. */
async function runScript(client: Redis, script: string, digest: string, keys: string[], args: (string | number)[]): Promise<unknown> {
  try {
    return await client.evalsha(digest, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
    return client.eval(script, keys.length, ...keys, ...args);
  }
}

const digestOf = (script: string) => createHash('sha1').update(script).digest('hex');
const lookupDigest = digestOf(lookupScript);
const applyDigest = digestOf(applyScript);
/** Changes per call of the apply script. */
const applyBatch = 500;

/**
 * Versions in Redis, shared by every instance with the answers kept under them: whichever instance
 * reads a change first moves its keys on for all of them. While Redis is down the cache is skipped;
 * changes read meanwhile are applied again once it answers (the feed is not live until they are).
 */
function redisVersions(redis: RedisConnection, ttlMs: number, staleForMs: number, prefix: string): Versions {
  /** A version outlives the answers kept under it; one that expires is set anew, above every earlier one. */
  const versionTtlMs = Math.max(60_000, ttlMs * 10);
  const versionKey = (key: string) => `${prefix}v:${key}`;
  const skip = async () => undefined;
  const cannotApply = async (): Promise<never> => {
    throw new Error('Redis is away: the changes are applied when it answers again');
  };
  const apply = async (changes: Change[]) => {
    for (let at = 0; at < changes.length; at += applyBatch) {
      const batch = changes.slice(at, at + applyBatch);
      const keys = batch.flatMap((change) => change.keys.map(versionKey));
      const args = batch.flatMap((change) => [`${prefix}applied:${change.id}`, change.keys.length]);
      await redis.run(
        'cache',
        (client) => runScript(client, applyScript, applyDigest, keys, [keepChangesMs, versionTtlMs, ...args]),
        cannotApply,
      );
    }
  };
  return {
    lookup: (key, dependsOn, withEntry) =>
      redis.run(
        'cache',
        async (client) => {
          const [versionedKey, entry, ageUs] = (await runScript(client, lookupScript, lookupDigest, dependsOn.map(versionKey), [
            prefix + key,
            withEntry ? '1' : '0',
            versionTtlMs,
          ])) as [string, string | null, string];
          return { versionedKey, mayKeep: Number(ageUs) >= staleForMs * 1000, cachedJson: entry ?? undefined };
        },
        skip,
      ),
    store: {
      // The lookup read the entry; only storing is left.
      get: skip,
      set: (key, value) => redis.run('cache', async (client) => void (await client.set(key, value, 'PX', ttlMs)), skip),
      forget() {},
      // The connection belongs to the app, which closes it.
      async close() {},
    },
    apply,
    forgetAll: () => apply([{ id: `everything:${randomUUID()}`, keys: [everythingKey] }]),
  };
}

export async function createResultCache(options: {
  database: DatabaseHandle;
  ttlSeconds: number;
  /** The app's Redis connection: entries and versions shared by every instance. Without it they stay in this process. */
  redis?: RedisConnection;
  /** Keeps tests (and several deployments on one Redis) apart. */
  keyPrefix?: string;
  /**
   * How long after a change the answers' reads may still miss it (a replica's window, server/db/read-replica.ts;
   * 0 without one). Answers computed that soon after a change to what they depend on are sent but not
   * kept: kept under the new version, a replica's older answer would outlive the change it missed.
   */
  staleForMs?: number;
  /** How often this instance reads the changes (tests look more often). */
  lookEveryMs?: number;
}): Promise<ResultCache> {
  let hits = 0;
  let misses = 0;
  if (options.ttlSeconds <= 0) {
    return {
      answer: async (_query, _dependsOn, compute) => (misses++, { computed: await compute() }),
      remember: computeNow,
      stats: () => ({ hits, misses }),
      caughtUp: async () => undefined,
      close: async () => undefined,
    };
  }

  const ttlMs = options.ttlSeconds * 1000;
  const staleForMs = options.staleForMs ?? 0;
  const versions = options.redis
    ? redisVersions(options.redis, ttlMs, staleForMs, options.keyPrefix ?? 'lina:')
    : processVersions(ttlMs, staleForMs);
  const { store } = versions;
  const feed = startChangeFeed({
    db: options.database.db,
    everyMs: options.lookEveryMs ?? defaultLookEveryMs,
    apply: (changes) => versions.apply(changes),
    // Redis may keep answers from before this instance started, computed before changes nobody read
    // (every instance stopped): those changes are applied again, once.
    replayMs: options.redis ? ttlMs + 5 * 60_000 : 0,
    lostTrack: () => versions.forgetAll(),
  });
  /** Answers being computed in this process, by versioned key: identical requests meanwhile share them. */
  const computing = new Map<string, Promise<string>>();
  /** What `remember` keeps, by versioned key: a promise, so that misses arriving together share one computation. */
  const remembered = new Map<string, { value: Promise<unknown>; until: number }>();

  return {
    async answer(answerKey, dependsOn, compute) {
      const started = Date.now();
      // Versions read before the answer is computed: a change committed meanwhile moves later requests to another key.
      const found = feed.live() ? await versions.lookup(answerKey, dependsOn, true).catch(() => undefined) : undefined;
      if (!found) return (misses++, { computed: await compute() });
      const { versionedKey: key, cachedJson } = found;
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
      // An answer that took longer than it would be kept is not kept: versions unchanged that long may be forgotten.
      if (found.mayKeep && Date.now() - started < ttlMs) await store.set(key, await json).catch(() => undefined);
      return { computed };
    },
    async remember<T>(rememberKey: string, dependsOn: readonly string[], compute: () => Promise<T>): Promise<T> {
      const found = feed.live() ? await versions.lookup(rememberKey, dependsOn, false).catch(() => undefined) : undefined;
      if (!found?.mayKeep) return compute();
      const key = found.versionedKey;
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
    caughtUp: (waitMs) => feed.caughtUp(waitMs),
    async close() {
      await feed.close();
      await store.close();
    },
  };
}
