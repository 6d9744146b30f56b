import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditQuery, auditEventSchema } from '../../../core/contracts/admin.ts';
import type { Database } from '../../db/database.ts';
import { pickColumns } from '../../db/pick-columns.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { securityEvents, users } from '../../db/schema.ts';

/** The security audit trail, newest first, filtered by the user's e-mail and the event type. */
export async function listSecurityEvents(
  db: Database,
  filter: AuditQuery & { limit: number },
): Promise<z.infer<typeof auditEventSchema>[]> {
  const conditions: SQL[] = [];
  if (filter.user) conditions.push(ilike(users.email, containsPattern(filter.user)));
  if (filter.eventType) conditions.push(eq(securityEvents.eventType, filter.eventType));
  return db
    .select({
      ...pickColumns(securityEvents, [
        'id',
        'createdAt',
        'eventType',
        'userId',
        'description',
        'descriptionCode',
        'descriptionParams',
        'ip',
        'userAgent',
      ]),
      email: users.email,
    })
    .from(securityEvents)
    .leftJoin(users, eq(users.id, securityEvents.userId))
    .where(and(...conditions))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(filter.limit);
}
