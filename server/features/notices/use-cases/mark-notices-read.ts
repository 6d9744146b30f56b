import { DomainError } from '../../../../core/domain-error.ts';
import type { Executor } from '../../../db/database.ts';
import { countUnreadNotices, markAllNoticesRead, markNoticeRead } from '../../../notices/notices-repository.ts';

type Deps = { db: Executor; clock: () => Date };

/**
 * Marks one notice read (opening it): only the member's own; another member's is not found, so its id
 * tells nothing. Marking a read notice again keeps its first time. Returns the unread count left.
 */
export async function markMyNoticeRead(deps: Deps, userId: string, noticeId: string): Promise<number> {
  if (!(await markNoticeRead(deps.db, userId, noticeId, deps.clock()))) throw new DomainError('notice_not_found', 'No such notice');
  return countUnreadNotices(deps.db, userId);
}

/** Marks every unread notice of the member read; returns the unread count left (0, unless one arrived meanwhile). */
export async function markAllMyNoticesRead(deps: Deps, userId: string): Promise<number> {
  await markAllNoticesRead(deps.db, userId, deps.clock());
  return countUnreadNotices(deps.db, userId);
}
