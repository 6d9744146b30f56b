import { useTranslation } from '../../i18n/use-translation.tsx';
import { formatNumber } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';

/** The unread-messages count beside a menu item; nothing when there are none. */
export function NavBadge({ count, language }: { count: number | undefined; language: Language }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <span
      data-testid="nav-unread"
      className="ms-1.5 inline-flex min-w-5 justify-center rounded-full bg-rose-600 px-1.5 text-xs font-semibold leading-5 text-white tabular-nums"
    >
      <span aria-hidden="true">{formatNumber(count, language)}</span>
      <span className="sr-only">{t('nav.unread', { count, n: count })}</span>
    </span>
  );
}
