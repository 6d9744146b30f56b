import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettings } from './schema.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { createProperty, createUser } from '../seed/factories.ts';
import { createLocalStorage } from '../storage/storage.ts';
import { postgresClusterMissing, startPostgresCluster, type TestPostgresCluster } from '../test/postgres-cluster.ts';
import { buildTestApp, eventually, testDriver, writeHeaders } from '../test/test-app.ts';

const missing = postgresClusterMissing();
if (missing) console.warn(`skipping the PostgreSQL outage tests: ${missing}`);
// The test brings its own PostgreSQL whichever driver the project runs, so one project runs it: the
// embedded one, which every run has.
const otherProject = testDriver !== 'pglite';

// While PostgreSQL cannot be reached (restarting, failing over), reads and writes answer 503 with
// Retry-After and a code the web app translates, not 500 "Something went wrong"; once it is back,
// the same requests succeed (docs/decisions/035-redis-and-database-outages.md). The embedded
// database has no connection to lose, so this runs on a PostgreSQL server of its own.
describe.skipIf(missing || otherProject)('a PostgreSQL outage', () => {
  let cluster: TestPostgresCluster;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let storageDir: string;
  let listingId: number;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    database = await openDatabase({ databaseUrl: cluster.url });
    await database.migrate();
    storageDir = mkdtempSync(path.join(os.tmpdir(), 'lina-storage-'));
    ({ app } = await buildTestApp(database, createLocalStorage(storageDir), { env: { DATA_DIR: storageDir } }));
    await database.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' }).onConflictDoNothing();
    const host = await createUser(database.db, { role: 'host' });
    listingId = (await createProperty(database.db, { hostId: host.id, propertyType: 'sublet' })).id;
  });
  afterAll(async () => {
    await app?.close();
    // buildTestApp leaves the database to its owner.
    await database?.close();
    await cluster?.destroy();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  const read = () => app.inject(`/api/properties/${listingId}`);
  const write = () =>
    app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: writeHeaders,
      payload: { name: 'Noa', email: 'noa@example.com', subject: 'Parking', message: 'Is there parking?' },
    });

  it('answers reads and writes normally while the database is up', async () => {
    expect((await read()).statusCode).toBe(200);
    expect((await write()).statusCode).toBe(201);
  });

  it('answers 503 with Retry-After and temporarily_unavailable while the database is down', async () => {
    await cluster.stop();
    for (const response of [await read(), await write(), await read()]) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        error: { code: 'temporarily_unavailable', message: "We're having trouble, try again in a moment." },
      });
    }
  });

  it('answers normally again once the database is back', async () => {
    await cluster.start();
    await eventually(async () => (await read()).statusCode === 200, 10_000);
    expect((await write()).statusCode).toBe(201);
  });
});
