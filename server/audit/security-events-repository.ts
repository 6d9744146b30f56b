import type { FastifyBaseLogger } from 'fastify';
import type { AuditDescription } from '../../core/audit-descriptions.ts';
import type { SecurityEventType } from '../../core/constants.ts';
import type { Database } from '../db/database.ts';
import { securityEvents } from '../db/schema.ts';

export interface SecurityEvent {
  userId: string | null;
  eventType: SecurityEventType;
  /** The English sentence, for the CSV export and logs. */
  description?: string;
  /** The same, as a code and parameters the page translates. */
  code?: AuditDescription;
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * Writes an audit-trail entry without making the caller wait: the action it records has already
 * happened, and a failure to record it is logged, never shown to the user.
 */
export function recordSecurityEvent(db: Database, log: FastifyBaseLogger, event: SecurityEvent): Promise<void> {
  return new Promise((resolve) => {
    setImmediate(() => {
      db.insert(securityEvents)
        .values({
          userId: event.userId,
          eventType: event.eventType,
          description: event.description ?? null,
          descriptionCode: event.code?.code ?? null,
          descriptionParams: event.code?.params ?? null,
          ip: event.ip ?? null,
          userAgent: event.userAgent?.slice(0, 500) ?? null,
        })
        .then(
          () => resolve(),
          (error: unknown) => {
            log.error({ err: error, event: event.eventType }, 'could not record security event');
            resolve();
          },
        );
    });
  });
}
