/**
 * One PING on a fresh connection that gives up at the deadline: no retries, no offline queue, so
 * an unreachable Redis fails the check at once (or at the timeout) and leaves nothing running.
 */
export async function pingRedis(redisUrl: string, signal: AbortSignal): Promise<void> {
  const { Redis } = await import('ioredis');
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // Connection errors reject connect(); without a listener ioredis would also print them.
  client.on('error', () => undefined);
  const aborted = new Promise<never>((_resolve, reject) => {
    const fail = () => reject(new Error('timed out'));
    if (signal.aborted) fail();
    signal.addEventListener('abort', fail, { once: true });
  });
  try {
    await Promise.race([client.connect().then(() => client.ping()), aborted]);
  } finally {
    client.disconnect();
  }
}
