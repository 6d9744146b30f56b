import { and, count, countDistinct, desc, eq, gte } from 'drizzle-orm';
import type { AnalyticsEvent } from '../../../core/analytics.ts';
import { pageViewEvent } from '../../../core/analytics.ts';
import type { Database } from '../../db/database.ts';
import { analyticsEvents } from '../../db/schema.ts';

export async function insertEvents(db: Database, events: AnalyticsEvent[], who: { visitorId: string | null; userId: string | null }) {
  await db.insert(analyticsEvents).values(
    events.map((event) => ({
      name: event.name,
      path: event.path,
      language: event.language ?? null,
      properties: event.properties ?? null,
      visitorId: who.visitorId,
      userId: who.userId,
    })),
  );
}

export async function pageViewsSince(db: Database, since: Date, limit: number) {
  const views = count();
  return db
    .select({ path: analyticsEvents.path, views, visitors: countDistinct(analyticsEvents.visitorId) })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.name, pageViewEvent), gte(analyticsEvents.createdAt, since)))
    .groupBy(analyticsEvents.path)
    .orderBy(desc(views), analyticsEvents.path)
    .limit(limit);
}
