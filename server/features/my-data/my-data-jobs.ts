import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { dataExportExpiry } from '../../../core/account-data-rules.ts';
import { localizePath } from '../../../core/languages.ts';
import { today } from '../../../core/dates.ts';
import type { Database } from '../../db/database.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import type { Storage } from '../../storage/storage.ts';
import { claimDueErasure, eraseAccount, erasureSubject, recordErasureError } from './account-erasure-repository.ts';
import { buildDataArchive } from './data-export-archive.ts';
import { claimDataExport, expireDataExports, markDataExportReady, releaseDataExport } from './data-export-repository.ts';
import { memberMailDetails, readMemberData } from './member-data-repository.ts';

export interface MyDataJobDeps {
  db: Database;
  storage: Storage;
  log: FastifyBaseLogger;
  siteUrl: string;
}

/** Most exports or erasures one run takes on: the rest wait for the next run (or another instance). */
const perRun = 10;

/** Where a member's archives are kept: private (never under public/), one file per export. */
export const dataExportKey = (userId: string, exportId: string) => `private/data-exports/${userId}/${exportId}.zip`;

/**
 * Builds the queued exports, one at a time, each claimed by one runner (claimDataExport): reads the
 * member's data and files, stores the ZIP privately, marks it ready and mails the member a link to
 * their profile, where it is downloaded while signed in. Archives past their date are removed.
 */
export async function runDataExports({ db, storage, log, siteUrl }: MyDataJobDeps, now = () => new Date()): Promise<number> {
  for (const key of await expireDataExports(db, now())) {
    await storage.remove(key).catch((error: unknown) => log.warn({ err: error }, 'expired data export not removed'));
  }
  let built = 0;
  for (let round = 0; round < perRun; round++) {
    const claimed = await claimDataExport(db, now());
    if (!claimed) break;
    try {
      const archive = await buildDataArchive(storage, await readMemberData(db, claimed.userId));
      const key = dataExportKey(claimed.userId, claimed.id);
      await storage.put(key, Buffer.from(archive), 'application/zip');
      const readyAt = now();
      if (!(await markDataExportReady(db, claimed, key, archive.byteLength, readyAt))) continue;
      built++;
      const member = await memberMailDetails(db, claimed.userId);
      if (member && !member.closedAt) {
        await queueMail(db, {
          to: member.email,
          language: member.language,
          template: 'dataExportReady',
          params: { firstName: member.firstName ?? '', expiresOn: today(dataExportExpiry(readyAt)) },
          link: `${siteUrl}${localizePath('/profile', member.language)}#your-data`,
        });
      }
    } catch (error) {
      log.error({ err: error, exportId: claimed.id }, 'data export failed');
      await releaseDataExport(db, claimed, error instanceof Error ? error.message : String(error));
    }
  }
  return built;
}

/**
 * Erases the closed accounts whose time has come, each claimed by one runner (claimDueErasure):
 * their files first (removing a missing file is no error, so a retry after a crash is safe), then
 * their rows in one transaction (eraseAccount).
 */
export async function runAccountErasures({ db, storage, log }: MyDataJobDeps, now = () => new Date()): Promise<number> {
  let erased = 0;
  for (let round = 0; round < perRun; round++) {
    const claimed = await claimDueErasure(db, now());
    if (!claimed) break;
    try {
      const subject = await erasureSubject(db, claimed.userId);
      for (const key of subject.files) await storage.remove(key);
      if (await eraseAccount(db, claimed, subject, now())) erased++;
    } catch (error) {
      log.error({ err: error, deletionId: claimed.id }, 'account erasure failed');
      await recordErasureError(db, claimed, error instanceof Error ? error.message : String(error));
    }
  }
  return erased;
}

/** Runs both every `everyMs` on every instance (each row is taken by one runner), and once at start. */
export function scheduleMyDataJobs(app: FastifyInstance, deps: MyDataJobDeps, everyMs = 60_000) {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const built = await runDataExports(deps);
      const erased = await runAccountErasures(deps);
      if (built || erased) app.log.info({ built, erased }, 'your-data jobs');
    } catch (error) {
      app.log.error({ err: error }, 'your-data jobs failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
}
