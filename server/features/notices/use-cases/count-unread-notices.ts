import type { Executor } from '../../../db/database.ts';
import { countUnreadNotices } from '../../../notices/notices-repository.ts';

/** How many of the member's notices are unread, up to noticeLimits.unreadCap (the bell shows "99+" past 99). */
export async function countMyUnreadNotices(deps: { db: Executor }, userId: string): Promise<number> {
  return countUnreadNotices(deps.db, userId);
}
