import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLocalStorage } from './storage/storage.ts';
import { openTestDatabase } from './test/test-app.ts';

describe('shutdown', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(() => drop?.());

  it('answers the requests in flight, then closes the database', async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database: opened.database,
      storage: createLocalStorage('/tmp/lina-shutdown-test'),
    });
    app.get('/api/test/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      const result = (await opened.database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      return { one: result.rows[0]?.one };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const inFlight = fetch(`${address}/api/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ one: 1 });
    await closing;
    await expect(opened.database.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
