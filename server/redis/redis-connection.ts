import type { Redis } from 'ioredis';
import { Counter, Gauge, type Registry } from 'prom-client';

/**
 * The app's one Redis connection, shared by the rate limiter and the result cache
 * (docs/decisions/035-redis-and-database-outages.md). Redis only speeds things up: while it is
 * down, rate limits are counted in the database and the result cache is skipped, at once, and
 * readiness stays up. So a command never waits for a connection: there is no offline queue, no
 * retry of a command, a short timeout on each command and on connecting. The connection itself
 * keeps reconnecting in the background.
 *
 * Whether Redis is "up" is one state per process, changed by the connection's events and by
 * failed commands; each change is logged once (not on every reconnect attempt), and /metrics shows
 * it as `lina_redis_up` with `lina_redis_fallbacks_total` counting the work done without it.
 */
export interface RedisConnection {
  /**
   * Runs `command` on Redis, or `fallback` at once while Redis is down (or not connected yet). A
   * command that fails other than by an error reply marks Redis down and takes the fallback too.
   * `use` labels the fallback in /metrics.
   */
  run<T>(use: 'rate_limit' | 'cache', command: (client: Redis) => Promise<T>, fallback: () => Promise<T>): Promise<T>;
  /** Whether commands go to Redis now (for /api/ready). */
  isUp(): boolean;
  close(): Promise<void>;
}

export interface RedisLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** A command slower than this fails, and its caller takes the fallback: a hung Redis must not hold requests. */
const commandTimeoutMs = 500;
const connectTimeoutMs = 1000;
/** While down, how often the connection is asked whether it answers again. */
const probeEveryMs = 1000;

const reasonOf = (error: unknown) => (error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error));

/**
 * Connects, waiting at most about a second: a Redis that is down at start is reported once and the
 * app starts without it.
 */
export async function connectRedis(redisUrl: string, options: { log: RedisLog; registry?: Registry }): Promise<RedisConnection> {
  const { Redis } = await import('ioredis');
  const client = new Redis(redisUrl, {
    connectTimeout: connectTimeoutMs,
    commandTimeout: commandTimeoutMs,
    // Commands fail at once while disconnected instead of waiting in a queue for a reconnection.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnects for ever, backing off to one attempt every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let state: 'starting' | 'up' | 'down' = 'starting';
  let closed = false;
  let probe: NodeJS.Timeout | undefined;
  const { log } = options;

  const goDown = (reason: string) => {
    if (closed || state === 'down') return;
    state = 'down';
    log.warn(
      { redis: 'down', reason },
      'Redis unreachable: rate limits are counted in the database and the result cache is skipped until it answers again',
    );
    // A connection that stays open but stopped answering raises no event: ask it now and then.
    probe ??= setInterval(() => {
      if (client.status === 'ready') client.ping().then(goUp, () => undefined);
    }, probeEveryMs).unref();
  };
  const goUp = () => {
    if (closed || state === 'up') return;
    const wasDown = state === 'down';
    state = 'up';
    clearInterval(probe);
    probe = undefined;
    if (wasDown) log.info({ redis: 'up' }, 'Redis answers again: rate limits and the result cache use it again');
  };

  // Without a listener ioredis prints every connection error's stack, on every reconnection attempt.
  client.on('error', (error: unknown) => goDown(reasonOf(error)));
  client.on('close', () => goDown('connection closed'));
  client.on('ready', goUp);

  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      client.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, connectTimeoutMs + commandTimeoutMs);
    client.once('ready', done);
    client.once('error', done);
    client.once('close', done);
  });
  if (state === 'starting') goDown('no answer at start');

  const fallbacks = options.registry
    ? new Counter({
        name: 'lina_redis_fallbacks_total',
        help: 'Work done without Redis while it was down: rate_limit (counted in the database), cache (lookup or store skipped)',
        labelNames: ['use'],
        registers: [options.registry],
      })
    : undefined;
  if (options.registry) {
    new Gauge({
      name: 'lina_redis_up',
      help: '1 while Redis answers, 0 while rate limits fall back to the database and the result cache is skipped',
      registers: [options.registry],
      collect() {
        this.set(state === 'up' ? 1 : 0);
      },
    });
  }

  const isUp = () => state === 'up' && !closed;
  return {
    async run(use, command, fallback) {
      if (isUp()) {
        try {
          return await command(client);
        } catch (error) {
          // An error reply (a script error, a full memory) comes from a Redis that answers: only this command failed.
          if (!(error instanceof Error && error.name === 'ReplyError')) goDown(reasonOf(error));
        }
      }
      fallbacks?.inc({ use });
      return fallback();
    },
    isUp,
    async close() {
      closed = true;
      clearInterval(probe);
      // Nothing waits to be written that matters; a Redis that stopped answering must not hold up shutdown.
      client.disconnect();
    },
  };
}
