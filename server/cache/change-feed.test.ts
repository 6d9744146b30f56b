import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../db/database.ts';
import { openTestDatabase, testDriver } from '../test/test-app.ts';
import { startChangeFeed, type Change, type ChangeFeed } from './change-feed.ts';

/** The feed reads each committed change once, in whatever order the writers committed. */
describe('the change feed', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let feed: ChangeFeed;
  const applied: string[][] = [];
  let failNext = false;

  beforeAll(async () => {
    ({ database: handle, drop } = await openTestDatabase());
    // Looks only when asked to (caughtUp), so the test decides when.
    feed = startChangeFeed({
      db: handle.db,
      everyMs: 60_000,
      replayMs: 0,
      lostTrack: async () => undefined,
      async apply(changes: Change[]) {
        if (failNext) {
          failNext = false;
          throw new Error('the shared cache is away');
        }
        applied.push(...changes.map((change) => change.keys));
      },
    });
    await feed.caughtUp();
  });
  afterAll(async () => {
    await feed.close();
    await drop();
  });

  const append = (key: string) => queryRows(handle.db, 'insert into cache_changes (keys) values ($1)', [[key]]);
  async function readNow(): Promise<string[][]> {
    applied.length = 0;
    await feed.caughtUp();
    return [...applied];
  }

  it('reads what was committed since its last look, once', async () => {
    expect(feed.live()).toBe(true);
    await append('listing:1');
    await append('listing:2');
    expect(await readNow()).toEqual([['listing:1'], ['listing:2']]);
    expect(await readNow()).toEqual([]);
  });

  it('reads the same changes again after failing to apply them, and is not live meanwhile', async () => {
    await append('listing:3');
    failNext = true;
    expect(await readNow()).toEqual([]);
    expect(feed.live()).toBe(false);
    expect(await readNow()).toEqual([['listing:3']]);
    expect(feed.live()).toBe(true);
  });

  it.runIf(testDriver === 'postgres')('reads a change that took its id first and committed last', async () => {
    if (handle.driver !== 'postgres') return;
    const early = await handle.pool.connect();
    try {
      await early.query('begin');
      await early.query(`insert into cache_changes (keys) values ('{area:hotel:1}')`);
      await append('area:hotel:2'); // a later id, committed first
      expect(await readNow()).toEqual([['area:hotel:2']]);
      await early.query('commit');
      expect(await readNow()).toEqual([['area:hotel:1']]);
    } finally {
      early.release();
    }
  });
});
