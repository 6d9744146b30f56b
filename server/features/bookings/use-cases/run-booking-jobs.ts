import type { Database } from '../../../db/database.ts';
import { bookingRepositories } from './booking-deps.ts';
import { completeStays } from './complete-stays.ts';
import { expireRequests } from './expire-requests.ts';

/**
 * The scheduled part of the booking states, as one call (booking-jobs.ts, and tests that set a scene):
 * unanswered requests expire (expire-requests.ts), then stays whose check-out day has come complete
 * (complete-stays.ts). Returns the expired requests, for their mails, and how many completed.
 */
export async function runBookingJobs(db: Database, now = new Date()): Promise<{ expired: string[]; completed: number }> {
  const deps = { db, repos: bookingRepositories };
  const expired = await expireRequests(deps, now);
  const completed = await completeStays(deps, now);
  return { expired, completed };
}
