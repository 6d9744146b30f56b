import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { archivesToDelete, type BackupStore, type RetentionPolicy } from './backup-archive.ts';
import { backupDatabase, type BackupManifest, type BackupTarget } from './backup.ts';

/** Any fixed number, apart from the migrator's and the seeder's: one backup runner per database at a time. */
const backupLockKey = 731_038;

export type BackupRunOutcome =
  | { ran: true; name: string; manifest: BackupManifest; deleted: string[] }
  /** Another instance holds the lock (it is backing up now), or a recent enough archive exists. */
  | { ran: false; reason: 'busy' | 'recent'; latest?: string };

/**
 * One scheduled run, safe on every instance at once (docs/decisions/038-read-replica-and-backups.md).
 * Rule: under a session advisory lock on a connection of its own (released when that connection
 * ends, however the run ends), look at the newest complete archive in the bucket; only when it is
 * older than `everyHours` dump, upload and apply retention. Why: the bucket is the record every
 * instance sees, so one archive is made per period whichever instance wakes first, with no table.
 */
export async function runScheduledBackup(options: {
  databaseUrl: string;
  store: BackupStore;
  everyHours: number;
  retention: RetentionPolicy;
  now?: () => Date;
}): Promise<BackupRunOutcome> {
  const now = options.now ?? (() => new Date());
  const lockClient = new pg.Client({ connectionString: options.databaseUrl });
  lockClient.on('error', () => undefined);
  await lockClient.connect();
  try {
    const { rows } = await lockClient.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [backupLockKey]);
    if (!rows[0]?.locked) return { ran: false, reason: 'busy' };
    const archives = await options.store.list();
    const latest = archives.filter((archive) => archive.complete).at(-1);
    // A few minutes' slack: a run that took a while must not push the next period's run a period later.
    if (latest && now().getTime() - latest.createdAt.getTime() < options.everyHours * 3_600_000 - 5 * 60_000) {
      return { ran: false, reason: 'recent', latest: latest.name };
    }
    // Files are in the bucket already (S3 storage is required for a schedule): only the database is dumped.
    const target = { databaseUrl: options.databaseUrl, dataDir: os.tmpdir(), localStorage: false };
    return { ran: true, ...(await backupToStore({ target, store: options.store, retention: options.retention, now })) };
  } finally {
    // Ending the session releases the advisory lock.
    await lockClient.end().catch(() => undefined);
  }
}

/**
 * Dumps the database (and local files) into a temporary folder, uploads it as an archive, then
 * deletes the archives the retention policy does not keep. Used by the schedule and `db:backup -- --s3`.
 */
export async function backupToStore(options: {
  target: BackupTarget;
  store: BackupStore;
  retention: RetentionPolicy;
  now?: () => Date;
}): Promise<{ name: string; manifest: BackupManifest; deleted: string[] }> {
  const now = options.now ?? (() => new Date());
  const folder = await mkdtemp(path.join(os.tmpdir(), 'lina-backup-'));
  try {
    const createdAt = now();
    const manifest = await backupDatabase(options.target, path.join(folder, 'out'));
    const name = await options.store.upload(path.join(folder, 'out'), createdAt);
    const doomed = archivesToDelete(await options.store.list(), options.retention, now());
    for (const archive of doomed) await options.store.remove(archive.name);
    return { name, manifest, deleted: doomed.map((archive) => archive.name) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Runs `runScheduledBackup` every `checkMinutes` (and once soon after start) until stopped. Every
 * instance runs this timer; the lock and the bucket decide which one backs up.
 */
export function scheduleBackups(options: {
  databaseUrl: string;
  store: BackupStore;
  everyHours: number;
  retention: RetentionPolicy;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  checkMinutes?: number;
}): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runScheduledBackup(options)
      .then((outcome) => {
        if (outcome.ran) options.log.info({ backup: outcome.name, deleted: outcome.deleted }, 'scheduled backup uploaded');
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'scheduled backup failed; trying again at the next check'))
      .finally(() => (running = undefined));
  };
  const checkMs = (options.checkMinutes ?? 10) * 60_000;
  const first = setTimeout(tick, 30_000);
  const timer = setInterval(tick, checkMs);
  first.unref();
  timer.unref();
  return {
    // A run in progress is not waited for: shutdown must not wait minutes for a dump. Its lock
    // goes with its connection, and the next check anywhere starts the period's backup again.
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
