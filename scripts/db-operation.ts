import { ConfigError, type Config } from '../server/config.ts';
import { BackupError } from '../server/db/backup.ts';
import { createBackupStore, type BackupStore, type RetentionPolicy } from '../server/db/backup-archive.ts';
import { DataDirLockedError } from '../server/db/data-dir-lock.ts';

/** Files live in DATA_DIR/storage unless S3 is configured, as in server/main.ts. */
export function usesLocalStorage(config: Config): boolean {
  return !(config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY);
}

/** The archives in the S3 bucket (BACKUP_S3_PREFIX), or a BackupError when S3 is not configured. */
export async function backupStoreOf(config: Config): Promise<BackupStore> {
  if (!(config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY))
    throw new BackupError('backups in S3 need S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a non-AWS store).');
  return createBackupStore(
    {
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    },
    config.BACKUP_S3_PREFIX,
  );
}

export function retentionOf(config: Config): RetentionPolicy {
  return { daily: config.BACKUP_KEEP_DAILY, weekly: config.BACKUP_KEEP_WEEKLY, monthly: config.BACKUP_KEEP_MONTHLY };
}

/**
 * Runs a database script: the errors we expect (configuration, a server holding the data folder, a
 * refused backup) print their message alone; anything else prints in full. Always exits non-zero on failure.
 */
export async function runOperation(name: string, operation: () => Promise<number>): Promise<never> {
  try {
    process.exit(await operation());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(75); // EX_TEMPFAIL: it can run once the server stops
    }
    if (error instanceof BackupError) {
      console.error(`${name}: ${error.message}`);
      process.exit(1);
    }
    console.error(`${name} failed:`, error);
    process.exit(1);
  }
}
