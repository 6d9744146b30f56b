import { isAppPath } from '../../core/notice-kinds.ts';
import type { Executor } from '../db/database.ts';
import { insertNotice, type NewNotice } from './notices-repository.ts';

export type { NewNotice } from './notices-repository.ts';

/**
 * The one call a moment makes to tell a member in the app (decision 063), beside (or in the same
 * transaction as) its mail: `notify(tx, { userId, kind, link, bookingId, params })`. Only values go in
 * `params` (ids, days, amounts, codes): names and titles are read when the notice is, so the text
 * follows the reader's language and an erased member's name leaves every notice with their account.
 * A `key` makes it once-only for its member. True when written.
 */
export async function notify(db: Executor, notice: NewNotice): Promise<boolean> {
  // A link is written by our own code; one leaving the app would be a bug, refused before it is stored.
  if (!isAppPath(notice.link)) throw new Error(`A notice links inside the app, not to ${notice.link}`);
  return insertNotice(db, notice);
}
