import type { NoticesResponse } from '../../../../core/contracts/notices.ts';
import type { Language } from '../../../../core/languages.ts';
import type { Executor } from '../../../db/database.ts';
import { countUnreadNotices, listNotices } from '../../../notices/notices-repository.ts';
import { renderNotice } from '../notice-texts.ts';

/**
 * The member's notices, newest first, one page at a time (at most noticeLimits.maxPageSize: the
 * contract bounds `limit`), each written in `language`: the page's language when the web asks, else
 * the member's own. With the page, the unread count, so the bell follows what the list shows.
 */
export async function listMyNotices(
  deps: { db: Executor },
  reader: { id: string; language: Language },
  page: { limit: number; before?: string | undefined; language?: Language | undefined },
): Promise<NoticesResponse> {
  const language = page.language ?? reader.language;
  // One more than the page: whether there is a next page, without counting the whole list.
  const rows = await listNotices(deps.db, reader.id, { limit: page.limit + 1, ...(page.before ? { before: page.before } : {}) });
  const shown = rows.slice(0, page.limit);
  return {
    notices: shown.map((row) => ({
      id: row.id,
      kind: row.kind,
      ...renderNotice(row, language),
      link: row.link,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    })),
    nextBefore: rows.length > page.limit ? shown.at(-1)!.id : null,
    unread: await countUnreadNotices(deps.db, reader.id),
  };
}
