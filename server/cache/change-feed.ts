import { queryRows, type Database } from '../db/database.ts';

/** One committed statement's change: the keys it touched (server/cache/change-keys.ts). */
export interface Change {
  /** The row's id: the same change read by several instances is applied to a shared cache once. */
  id: string;
  keys: string[];
}

/**
 * The changes other writers commit, read by this instance (docs/decisions/065-keyed-cache.md).
 *
 * The triggers of drizzle/0049_keyed_cache_changes.sql append a row to cache_changes per statement,
 * with the writing transaction's id. A look takes the rows that became visible since the previous
 * look's snapshot: those whose transaction was still running then (the snapshot's in-progress list)
 * or had not started (at or past its xmax). Ids come from a sequence and commit out of their order,
 * so "ids above the last seen" would skip a transaction that took its id first and committed last;
 * the snapshot cannot. Nothing waits on a lock: writers only append, readers only read.
 */
export interface ChangeFeed {
  /** Whether this instance read the changes recently (and applied them): only then may it serve kept answers. */
  live(): boolean;
  /** Resolves once a look that started after this call has been applied (or failed, or after `waitMs`). */
  caughtUp(waitMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface ChangeFeedOptions {
  db: Database;
  /** How often to look. */
  everyMs: number;
  /** Applies a look's changes. A failure leaves the feed not live, and the next look reads the same rows again. */
  apply(changes: Change[]): Promise<void>;
  /**
   * Rows written this long before start are applied by the first look (a cache shared with instances
   * that may all have been stopped while something changed); 0 for none (a cache of this process).
   */
  replayMs: number;
  /** Rows may have been deleted before this instance read them (it could not look for that long): everything kept must go. */
  lostTrack(): Promise<void>;
}

/** How long rows are kept; an instance that could not look for most of it has lost track. */
export const keepChangesMs = 15 * 60_000;
const lostTrackAfterMs = 10 * 60_000;
/** How often each instance deletes rows older than keepChangesMs. */
const pruneEveryMs = 5 * 60_000;

const firstLook = `select pg_current_snapshot()::text as snapshot, c.id::text as id, c.keys
  from (select 1) s left join cache_changes c on c.at > now() - $1::int * interval '1 millisecond'
  order by c.id`;

// The two conditions are each an index scan of cache_changes_tx_idx (and a few rows: the changes
// since the last look), however old the oldest transaction still running is.
const nextLook = `select s.snapshot::text as snapshot, c.id::text as id, c.keys
  from (select pg_current_snapshot() as snapshot) s
  left join cache_changes c on c.tx >= pg_snapshot_xmax($1::pg_snapshot) or c.tx = any(array(select pg_snapshot_xip($1::pg_snapshot)))
  order by c.id`;

export function startChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const { db, everyMs } = options;
  /**
   * Trusted for a while after the last good look: a slow database is not a lost one (its changes
   * arrive as late as its answers). A look that fails ends the trust at once.
   */
  const liveForMs = Math.max(5000, everyMs * 10);
  let snapshot: string | undefined;
  let lastGood: number | undefined;
  let failing = false;
  let stopped = false;
  let waiters: (() => void)[] = [];
  let wakeUp: (() => void) | undefined;
  let wakePending = false;
  let prunedAt = Date.now();
  let pruneSnapshot: string | undefined;

  async function look(): Promise<void> {
    const rows = snapshot
      ? await queryRows<{ snapshot: string; id: string | null; keys: string[] | null }>(db, nextLook, [snapshot])
      : await queryRows<{ snapshot: string; id: string | null; keys: string[] | null }>(db, firstLook, [options.replayMs]);
    const seen = rows[0]!.snapshot;
    if (lastGood !== undefined && Date.now() - lastGood > lostTrackAfterMs) await options.lostTrack();
    const changes = rows.flatMap((row) => (row.id === null ? [] : [{ id: row.id, keys: row.keys ?? [] }]));
    if (changes.length > 0) await options.apply(changes);
    // Only once applied: a failed apply reads the same rows again next time.
    snapshot = seen;
    lastGood = Date.now();
    if (Date.now() - prunedAt >= pruneEveryMs) {
      prunedAt = Date.now();
      // Rows every instance has read: finished before the previous prune's snapshot, minutes ago.
      if (pruneSnapshot)
        await queryRows(
          db,
          `delete from cache_changes where tx < pg_snapshot_xmin($1::pg_snapshot) and at < now() - $2::int * interval '1 millisecond'`,
          [pruneSnapshot, keepChangesMs],
        );
      pruneSnapshot = seen;
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      const served = waiters;
      waiters = [];
      try {
        await look();
        failing = false;
      } catch {
        // The database or the shared cache is away: not live until a look succeeds again.
        failing = true;
      }
      for (const done of served) done();
      if (stopped) break;
      await new Promise<void>((resolve) => {
        if (wakePending) return resolve();
        const timer = setTimeout(resolve, everyMs);
        timer.unref();
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
      wakePending = false;
    }
  }

  const running = loop();

  return {
    live: () => !stopped && !failing && lastGood !== undefined && Date.now() - lastGood < liveForMs,
    caughtUp(waitMs = 1000) {
      if (stopped) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        timer.unref();
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
        wakePending = true;
        wakeUp?.();
      });
    },
    async close() {
      stopped = true;
      wakeUp?.();
      await running;
    },
  };
}
