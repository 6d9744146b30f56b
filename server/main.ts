import path from 'node:path';
import { buildApp, defaultWebDir } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './db/data-dir-lock.ts';
import { prepareSchemaAtStart, SchemaBehindError } from './db/migrations.ts';
import { seedDemoDataIfEmpty } from './db/seed-if-empty.ts';
import { scheduleArrivalJobs } from './features/bookings/arrival-jobs.ts';
import { scheduleBookingJobs } from './features/bookings/booking-jobs.ts';
import { scheduleReviewJobs } from './features/reviews/review-jobs.ts';
import { scheduleMyDataJobs } from './features/my-data/my-data-jobs.ts';
import { schedulePhotoHashing } from './features/host-listings/photo-hash-jobs.ts';
import { scheduleSearchAlerts } from './features/search/search-alerts-job.ts';
import { scheduleCalendarSync } from './features/calendar-sync/calendar-sync-job.ts';
import { createMetrics } from './features/metrics/metrics.ts';
import { startMetricsServer } from './features/metrics/metrics-server.ts';
import { startMailSender } from './mail/mail-sender.ts';
import { createS3Storage, type S3Settings } from './storage/s3-storage.ts';
import { createBackupStore } from './db/backup-archive.ts';
import { scheduleBackups } from './db/backup-schedule.ts';
import { createLocalStorage } from './storage/storage.ts';
import { scheduleEmbeddedMaintenance } from './db/embedded-maintenance.ts';
import { unsupportedNodeMessage } from './node-version.ts';

async function main() {
  // Another Node.js major than the one built and tested for stops here, before anything else, with
  // a message saying which Node to use: a wrong runtime is no more fixable by restarting than a bad setting.
  const wrongNode = unsupportedNodeMessage();
  if (wrongNode) {
    console.error(wrongNode);
    process.exit(78); // EX_CONFIG
  }

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const started = Date.now();
  // The embedded database serves one server at a time: a second one on the same folder exits.
  let dataDirLock: DataDirLock | undefined;
  if (!config.DATABASE_URL) {
    try {
      dataDirLock = await lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(75); // EX_TEMPFAIL: it can start once the other server stops
      }
      throw error;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await prepareSchemaAtStart(database, { isProduction: config.isProduction });
  } catch (error) {
    if (error instanceof SchemaBehindError) {
      console.error(error.message);
      process.exit(75); // EX_TEMPFAIL: it can start once the migrations have run
    }
    throw error;
  }
  const s3: S3Settings | undefined =
    config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: config.S3_ENDPOINT,
          region: config.S3_REGION,
          bucket: config.S3_BUCKET,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        }
      : undefined;
  const storage = s3 ? await createS3Storage(s3) : createLocalStorage(path.join(config.dataDir, 'storage'));
  const metrics = createMetrics(database);
  const app = await buildApp({ config, database, storage, webDir: defaultWebDir, metrics });
  const jobsEveryMs = config.JOBS_EVERY_SECONDS * 1000;
  scheduleBookingJobs(app, database.db, config.siteUrl, jobsEveryMs, metrics.countBookingOutcome, app.bookingDeps);
  scheduleReviewJobs(app, database.db, config.siteUrl, jobsEveryMs);
  scheduleArrivalJobs(app, database.db, config.siteUrl, jobsEveryMs);
  scheduleMyDataJobs(app, { db: database.db, storage, log: app.log, siteUrl: config.siteUrl }, jobsEveryMs);
  // Photos stored before perceptual hashes existed get theirs (docs/decisions/052-verified-places.md).
  schedulePhotoHashing(app, database.db, storage, jobsEveryMs);
  scheduleSearchAlerts(app, database.db, config.siteUrl, jobsEveryMs);
  const maintenance = scheduleEmbeddedMaintenance(database, app.log);
  app.addHook('onClose', async () => maintenance.stop());
  scheduleCalendarSync(app, {
    db: database.db,
    log: app.log,
    siteUrl: config.siteUrl,
    everyMinutes: config.CALENDAR_SYNC_MINUTES,
    lookEveryMs: jobsEveryMs,
    allowPrivateAddresses: config.CALENDAR_SYNC_PRIVATE_ADDRESSES === 'allow',
  });

  // Every instance runs the schedule; a lock and the bucket let one of them back up per period.
  if (config.BACKUP_EVERY_HOURS > 0 && config.DATABASE_URL && s3) {
    const backups = scheduleBackups({
      databaseUrl: config.DATABASE_URL,
      store: await createBackupStore(s3, config.BACKUP_S3_PREFIX),
      everyHours: config.BACKUP_EVERY_HOURS,
      retention: { daily: config.BACKUP_KEEP_DAILY, weekly: config.BACKUP_KEEP_WEEKLY, monthly: config.BACKUP_KEEP_MONTHLY },
      log: app.log,
    });
    app.addHook('onClose', async () => backups.stop());
  }

  if (config.SEED_DEMO_DATA === 'auto') {
    const seeded = await seedDemoDataIfEmpty(database.db, storage);
    if (seeded) app.log.info(seeded, 'seeded demo data into the empty database');
  }

  if (config.SMTP_URL) {
    const sender = startMailSender({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
    app.addHook('preClose', () => sender.stop());
  }

  // Before listen: hooks cannot be added to a listening app.
  if (config.METRICS_PORT) {
    const metricsServer = await startMetricsServer({ metrics, port: config.METRICS_PORT, host: config.HOST, token: config.METRICS_TOKEN });
    app.addHook('onClose', async () => void metricsServer.close());
    app.log.info({ port: config.METRICS_PORT }, 'metrics served on their own port');
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    app
      .close()
      .then(() => dataDirLock?.release())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { driver: database.driver, dataDir: config.DATABASE_URL ? undefined : config.dataDir, startupMs: Date.now() - started },
    'ready',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
