import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createProperty, createUser } from '../seed/factories.ts';
import { createLocalStorage } from '../storage/storage.ts';
import { replicaClusterMissing, startReplicaCluster, type ReplicaCluster } from '../test/replica-cluster.ts';
import { testDriver, writeHeaders } from '../test/test-app.ts';
import { openDatabase, queryRows, type DatabaseHandle } from './database.ts';
import { platformSettings } from './schema.ts';
import { openReadReplica, readYourWritesCookie, type ReadRouting } from './read-replica.ts';

// Its own primary and streaming replica, whatever TEST_DB says: run it once, in the pglite project.
const missing = replicaClusterMissing();
if (missing) console.warn(`skipping the read-replica tests: ${missing}`);

describe.skipIf(missing !== null || testDriver === 'postgres')('public reads on a streaming replica (DATABASE_READ_URL)', () => {
  let cluster: ReplicaCluster;
  let database: DatabaseHandle;
  let storageDir: string;
  const apps: FastifyInstance[] = [];
  let propertyId: number;
  let guestEmail: string;

  async function appWith(reads: ReadRouting | undefined, env: Record<string, string> = {}) {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: storageDir,
      DATABASE_URL: cluster.primaryUrl,
      DATABASE_READ_URL: cluster.replicaUrl,
      SETTINGS_CACHE_SECONDS: '0',
      SEARCH_CACHE_SECONDS: '0',
      ...env,
    });
    const app = await buildApp({
      config,
      database: { ...database, close: async () => undefined },
      storage: createLocalStorage(storageDir),
      ...(reads ? { reads } : {}),
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  const titleOf = (response: LightMyRequestResponse) => (response.json() as { title: string }).title;
  const setTitle = (title: string) => cluster.query('primary', 'update properties set title_en = $1 where id = $2', [title, propertyId]);
  const cookieOf = (response: LightMyRequestResponse, name: string) => {
    const found = response.cookies.find((cookie) => cookie.name === name);
    return found ? `${found.name}=${found.value}` : undefined;
  };

  beforeAll(async () => {
    cluster = await startReplicaCluster();
    database = await openDatabase({ databaseUrl: cluster.primaryUrl });
    await database.migrate();
    storageDir = mkdtempSync(path.join(os.tmpdir(), 'lina-replica-storage-'));
    const host = await createUser(database.db, { email: 'replica-host@example.com', role: 'host' });
    guestEmail = (await createUser(database.db, { email: 'replica-guest@example.com' })).email;
    propertyId = (await createProperty(database.db, { hostId: host.id, titleEn: 'Before' })).id;
    await database.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' });
    await cluster.caughtUp();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    await cluster?.destroy();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  it('sends a visitor to the replica and the member who just wrote to the primary (read-your-writes)', async () => {
    const app = await appWith(undefined, { DATABASE_READ_MAX_LAG_SECONDS: '60' });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: writeHeaders,
      payload: { email: guestEmail, password: 'Passw0rd!' },
    });
    expect(signIn.statusCode).toBe(200);
    const session = cookieOf(signIn, 'lina_session')!;

    // The replica stops replaying: from now on it answers with what it had, the primary with what is new.
    await cluster.query('replica', 'select pg_wal_replay_pause()');
    try {
      await setTitle('After');
      const save = await app.inject({ method: 'PUT', url: `/api/saved/${propertyId}`, headers: { ...writeHeaders, cookie: session } });
      expect(save.statusCode).toBe(200);
      const marker = cookieOf(save, readYourWritesCookie);
      expect(marker).toBeDefined();
      expect(save.cookies.find((cookie) => cookie.name === readYourWritesCookie)).toMatchObject({ httpOnly: true, path: '/api/' });

      const visitor = await app.inject({ method: 'GET', url: `/api/properties/${propertyId}?lang=en` });
      expect(visitor.statusCode).toBe(200);
      expect(titleOf(visitor)).toBe('Before');

      const writer = await app.inject({
        method: 'GET',
        url: `/api/properties/${propertyId}?lang=en`,
        headers: { cookie: `${session}; ${marker}` },
      });
      expect(writer.statusCode).toBe(200);
      expect(titleOf(writer)).toBe('After');
      expect(writer.json()).toMatchObject({ saved: true });

      // The same member without the marker (another browser) reads the replica, which has not seen the save.
      const elsewhere = await app.inject({ method: 'GET', url: `/api/properties/${propertyId}?lang=en`, headers: { cookie: session } });
      expect(titleOf(elsewhere)).toBe('Before');
      expect(elsewhere.json()).toMatchObject({ saved: false });

      // Search goes the same way: the visitor's finds the old title.
      const search = await app.inject({ method: 'GET', url: '/api/search?type=hotel&lang=en' });
      expect(search.statusCode).toBe(200);
      expect(search.body).toContain('Before');
      expect(search.body).not.toContain('After');
    } finally {
      await cluster.query('replica', 'select pg_wal_replay_resume()');
      await cluster.caughtUp();
    }
  });

  it('reads from the primary while the replica is further behind than DATABASE_READ_MAX_LAG_SECONDS, and shows the lag in /metrics', async () => {
    const reads = await openReadReplica({ primary: database, replicaUrl: cluster.replicaUrl, maxLagSeconds: 1, checkMs: 60_000 });
    const app = await appWith(reads);
    await setTitle('Lag 0');
    await cluster.caughtUp();
    await reads.check();
    expect(reads.status()).toEqual({ usable: true, lagSeconds: 0 });

    await cluster.query('replica', 'select pg_wal_replay_pause()');
    try {
      await setTitle('Lag 1');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await reads.check();
      expect(reads.status()?.usable).toBe(false);
      expect(reads.status()?.lagSeconds).toBeGreaterThan(1);
      const visitor = await app.inject({ method: 'GET', url: `/api/properties/${propertyId}?lang=en` });
      expect(titleOf(visitor)).toBe('Lag 1');

      const metrics = await app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.statusCode).toBe(200);
      const lag = Number(/^lina_db_replica_lag_seconds (\S+)$/m.exec(metrics.body)?.[1]);
      expect(lag).toBeGreaterThan(1);
      expect(metrics.body).toMatch(/^lina_db_replica_in_use 0$/m);
    } finally {
      await cluster.query('replica', 'select pg_wal_replay_resume()');
      await cluster.caughtUp();
    }
    await reads.check();
    expect(reads.status()).toEqual({ usable: true, lagSeconds: 0 });
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^lina_db_replica_lag_seconds 0$/m);
    expect(metrics.body).toMatch(/^lina_db_replica_in_use 1$/m);
  });

  it('answers from the primary, without an error, when the replica stops between two checks', async () => {
    const reads = await openReadReplica({ primary: database, replicaUrl: cluster.replicaUrl, maxLagSeconds: 60, checkMs: 60_000 });
    const app = await appWith(reads);
    await setTitle('Still here');
    await cluster.caughtUp();
    // Warm the replica's pool, so a connection is open when the server goes away.
    expect(titleOf(await app.inject({ method: 'GET', url: `/api/properties/${propertyId}?lang=en` }))).toBe('Still here');
    expect(reads.status()?.usable).toBe(true);

    await cluster.stopReplica();
    try {
      for (let i = 0; i < 3; i += 1) {
        const visitor = await app.inject({ method: 'GET', url: `/api/properties/${propertyId}?lang=en` });
        expect(visitor.statusCode).toBe(200);
        expect(titleOf(visitor)).toBe('Still here');
      }
      expect(reads.status()?.usable).toBe(false);
      await reads.check();
      expect(reads.status()).toEqual({ usable: false, lagSeconds: null });
      const search = await app.inject({ method: 'GET', url: '/api/search?type=hotel&lang=en' });
      expect(search.statusCode).toBe(200);
    } finally {
      await cluster.startReplica();
    }
    await cluster.caughtUp();
    await reads.check();
    expect(reads.status()?.usable).toBe(true);
  });

  it('does not count the hours since the last commit as lag when only a checkpoint is left to replay (a quiet site)', async () => {
    const reads = await openReadReplica({ primary: database, replicaUrl: cluster.replicaUrl, maxLagSeconds: 2, checkMs: 60_000 });
    try {
      await setTitle('Quiet');
      await cluster.caughtUp();
      // No commit for 3 s, longer than the limit.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await reads.check();
      expect(reads.status()).toEqual({ usable: true, lagSeconds: 0 });
      await cluster.query('replica', 'select pg_wal_replay_pause()');
      try {
        // WAL without a commit: the replica misses it, but it misses no data written before the last check.
        await cluster.query('primary', 'checkpoint');
        await reads.check();
        expect(reads.status()?.usable).toBe(true);
        expect(reads.status()?.lagSeconds).toBeLessThan(2);
        expect(reads.status()?.lagSeconds).toBeGreaterThan(0);
      } finally {
        await cluster.query('replica', 'select pg_wal_replay_resume()');
        await cluster.caughtUp();
      }
    } finally {
      await reads.close();
    }
  });

  it("does not set the replica aside for a query's own error", async () => {
    const reads = await openReadReplica({ primary: database, replicaUrl: cluster.replicaUrl, maxLagSeconds: 60, checkMs: 60_000 });
    try {
      const replicaDb = reads.forRequest({ cookies: {} } as unknown as FastifyRequest);
      expect(await queryRows<{ standby: boolean }>(replicaDb, 'select pg_is_in_recovery() as standby', [])).toEqual([{ standby: true }]);
      await expect(queryRows(replicaDb, 'select 1 / $1::int', [0])).rejects.toMatchObject({ code: '22012' });
      expect(reads.status()?.usable).toBe(true);
      // A write sent to it by mistake is a fault of the choice, not of the statement: the primary takes it.
      await queryRows(replicaDb, 'update properties set title_en = title_en where id = $1', [propertyId]);
      expect(reads.status()?.usable).toBe(false);
    } finally {
      await reads.close();
    }
  });

  it('keeps no cached answer computed while the replica may still miss the last change', async () => {
    // A window of maxLag (0) + checkMs (200 ms) + 1 s.
    const reads = await openReadReplica({ primary: database, replicaUrl: cluster.replicaUrl, maxLagSeconds: 0, checkMs: 200 });
    expect(reads.staleForMs).toBe(1200);
    const app = await appWith(reads, { SEARCH_CACHE_SECONDS: '30' });
    const url = `/api/properties/${propertyId}?lang=en`;
    const cacheOf = async () => (await app.inject({ method: 'GET', url })).headers['x-result-cache'];
    await setTitle('Cached?');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Within the window after a change: computed every time, never kept.
    expect(await cacheOf()).toBe('miss');
    expect(await cacheOf()).toBe('miss');
    // Past it, the replica holds the change: the answer is kept again.
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await cacheOf()).toBe('miss');
    expect(await cacheOf()).toBe('hit');
  });
});
