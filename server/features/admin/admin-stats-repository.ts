import { and, count, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Stats } from '../../../core/contracts/admin.ts';
import type { Database } from '../../db/database.ts';
import { bookings, profiles, properties, reports, users } from '../../db/schema.ts';

function monthStarts(now: Date) {
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { thisMonth, lastMonth, nextMonth };
}

const toNumber = (value: unknown) => Number(value ?? 0);

/**
 * The four dashboard figures, each with its value at the end of last month. Counts of things that
 * exist (users, listings, the review queue) compare with what already existed before this month;
 * revenue compares this month's commission with last month's.
 */
export async function dashboardStats(db: Database, now = new Date()): Promise<Stats> {
  const { thisMonth, lastMonth, nextMonth } = monthStarts(now);
  const before = (column: SQL | typeof users.createdAt) => sql<number>`count(*) filter (where ${column} < ${thisMonth.toISOString()})`;
  const [userCounts] = await db.select({ now: count(), before: before(users.createdAt) }).from(users);
  const [listingCounts] = await db
    .select({ now: count(), before: before(sql`${properties.publishedAt}`) })
    .from(properties)
    .where(eq(properties.status, 'approved'));
  const commission = sql<number>`coalesce(sum(round(${bookings.subtotal} * ${bookings.commissionRate})), 0)`;
  const revenueIn = async (from: Date, to: Date) => {
    const [row] = await db
      .select({ total: commission })
      .from(bookings)
      .where(and(inArray(bookings.status, ['confirmed', 'completed']), gte(bookings.decidedAt, from), lt(bookings.decidedAt, to)));
    return toNumber(row?.total);
  };
  const [idQueue] = await db
    .select({ now: count(), before: before(sql`${profiles.verificationSubmittedAt}`) })
    .from(profiles)
    .where(eq(profiles.idVerificationStatus, 'pending'));
  const [listingQueue] = await db
    .select({ now: count(), before: before(sql`${properties.updatedAt}`) })
    .from(properties)
    .where(or(eq(properties.status, 'submitted'), isNotNull(properties.pendingChanges)));
  const [reportQueue] = await db
    .select({ now: count(), before: before(sql`${reports.createdAt}`) })
    .from(reports)
    .where(inArray(reports.status, ['pending', 'investigating']));
  return {
    totalUsers: { value: toNumber(userCounts?.now), lastMonth: toNumber(userCounts?.before) },
    activeListings: { value: toNumber(listingCounts?.now), lastMonth: toNumber(listingCounts?.before) },
    monthlyRevenue: { value: await revenueIn(thisMonth, nextMonth), lastMonth: await revenueIn(lastMonth, thisMonth) },
    pendingReviews: {
      value: toNumber(idQueue?.now) + toNumber(listingQueue?.now) + toNumber(reportQueue?.now),
      lastMonth: toNumber(idQueue?.before) + toNumber(listingQueue?.before) + toNumber(reportQueue?.before),
    },
  };
}
