import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { SecurityEventType } from '../../../core/constants.ts';
import { localizePath, type Language } from '../../../core/languages.ts';
import type { AuditDescription } from '../../../core/audit-descriptions.ts';
import { recordSecurityEvent } from '../../audit/security-events-repository.ts';
import type { Database } from '../../db/database.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import type { Storage } from '../../storage/storage.ts';
import { clientInfo, requireUser } from '../../http/request-user.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { contactOf } from './admin-users-repository.ts';

/** What the admin routes are given by server/app.ts. */
export interface AdminRoutesOptions {
  db: Database;
  storage: Storage;
  launchMode: LaunchModeReader;
  siteUrl: string;
}

type MailTemplate = Parameters<typeof queueMail>[1]['template'];

/**
 * What follows an admin's decision: an entry in the audit trail and, for some, a mail to the user
 * concerned. Neither blocks the decision: it stands even when the mail queue is down.
 */
export function adminNotices({ db, siteUrl }: Pick<AdminRoutesOptions, 'db' | 'siteUrl'>) {
  const linkTo = (language: Language, path: string) => `${siteUrl}${localizePath(path, language)}`;

  /** `description` in English for the CSV; `code` the same for the page to translate (core/audit-descriptions.ts). */
  function audit(request: FastifyRequest, eventType: SecurityEventType, description: string, code?: AuditDescription) {
    void recordSecurityEvent(db, request.log, { userId: requireUser(request).id, eventType, description, code, ...clientInfo(request) });
  }

  /** Queues mails in the background, logging (not answering) a failure. */
  function inBackground(log: FastifyBaseLogger, what: string, send: () => Promise<void>) {
    void send().catch((error: unknown) => log.error({ err: error }, what));
  }

  function mailUser(request: FastifyRequest, userId: string, template: MailTemplate, params: Record<string, string>, path: string) {
    inBackground(request.log, 'admin decision mail not queued', async () => {
      const contact = await contactOf(db, userId);
      if (!contact) return;
      await queueMail(db, {
        to: contact.email,
        language: contact.language,
        template,
        params: { firstName: contact.firstName ?? '', ...params },
        link: linkTo(contact.language, path),
      });
    });
  }

  return { linkTo, audit, mailUser, inBackground };
}
