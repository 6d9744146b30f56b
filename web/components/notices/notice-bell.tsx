import { Bell } from 'lucide-react';
import { useCallback, useReducer, useRef, useState } from 'react';
import { formatNumber } from '../../../core/format.ts';
import { unreadLabel } from '../../../core/notice-kinds.ts';
import { useLanguage } from '../../app/language.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { lazyChunk } from '../../lib/lazy-chunk.ts';
import { buttonClasses } from '../ui/button.tsx';
import { useUnreadNotices } from './notices-api.ts';

const panelChunk = lazyChunk(() => import('./notice-panel.tsx'));

/**
 * The bell in the signed-in header (decision 063), a chunk of its own that the server renders in
 * place: the unread count (from the session, then checked every minute) and the panel of notices,
 * loaded when the bell is first pointed at or opened. A press before the page hydrates is held and
 * replayed (web/lib/early-input.ts).
 */
export default function NoticeBell({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const unread = useUnreadNotices();
  const [open, setOpen] = useState(false);
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const anchor = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const Panel = panelChunk.loaded()?.default;
  const toggle = () => {
    setOpen((shown) => !shown);
    if (!panelChunk.loaded()) void panelChunk.load().then(arrived);
  };
  const label = unread > 0 ? t('notices.openUnread', { count: unread, n: formatNumber(unread, language) }) : t('notices.open');
  return (
    <div className="relative">
      <button
        ref={anchor}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={label}
        title={label}
        data-testid={testId}
        data-unread={unread}
        onPointerEnter={() => void panelChunk.load()}
        onFocus={() => void panelChunk.load()}
        onClick={toggle}
        className={buttonClasses('ghost', 'sm', 'relative px-2.5')}
      >
        <Bell className="size-4" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -end-0.5 -top-0.5 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-rose-600 px-1 text-[0.625rem] leading-none font-semibold text-white tabular-nums"
          >
            {unreadLabel(unread, (value) => formatNumber(value, language))}
          </span>
        ) : null}
      </button>
      {open && Panel ? <Panel onClose={close} anchor={anchor} /> : null}
    </div>
  );
}
