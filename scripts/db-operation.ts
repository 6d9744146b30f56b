import { ConfigError, type Config } from '../server/config.ts';
import { BackupError } from '../server/db/backup.ts';
import { DataDirLockedError } from '../server/db/data-dir-lock.ts';

/** Files live in DATA_DIR/storage unless S3 is configured, as in server/main.ts. */
export function usesLocalStorage(config: Config): boolean {
  return !(config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY);
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
