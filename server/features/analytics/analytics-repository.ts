import type { z } from 'zod';
import { and, count, countDistinct, desc, eq, gte } from 'drizzle-orm';
import type { AnalyticsEvent } from '../../../core/analytics-schemas.ts';
import { pageViewEvent } from '../../../core/analytics.ts';
import type { pageViewsResponseSchema } from '../../../core/contracts/analytics.ts';
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

/** Page views and distinct visitors per page over the last `days` days, the most viewed first. */
export async function pageViews(
  db: Database,
  days: number,
  limit: number,
  now = Date.now(),
): Promise<z.infer<typeof pageViewsResponseSchema>> {
  const since = new Date(now - days * 24 * 60 * 60 * 1000);
  const views = count();
  const rows = await db
    .select({ path: analyticsEvents.path, views, visitors: countDistinct(analyticsEvents.visitorId) })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.name, pageViewEvent), gte(analyticsEvents.createdAt, since)))
    .groupBy(analyticsEvents.path)
    .orderBy(desc(views), analyticsEvents.path)
    .limit(limit);
  return { since, items: rows.map((row) => ({ path: row.path, views: Number(row.views), visitors: Number(row.visitors) })) };
}
