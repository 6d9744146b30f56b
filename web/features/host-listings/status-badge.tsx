import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ListingStatus } from '../../../core/constants.ts';
import { cn } from '../../lib/cn.ts';

const colours: Record<ListingStatus, string> = {
  draft: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  submitted: 'bg-amber-50 text-amber-800 ring-amber-300 dark:bg-amber-950/50 dark:text-amber-200 dark:ring-amber-800',
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950/50 dark:text-emerald-200 dark:ring-emerald-800',
  rejected: 'bg-rose-50 text-rose-800 ring-rose-300 dark:bg-rose-950/50 dark:text-rose-200 dark:ring-rose-800',
  paused: 'bg-sky-50 text-sky-800 ring-sky-300 dark:bg-sky-950/50 dark:text-sky-200 dark:ring-sky-800',
  suspended: 'bg-rose-50 text-rose-800 ring-rose-300 dark:bg-rose-950/50 dark:text-rose-200 dark:ring-rose-800',
};

/** A listing's status as the host sees it (approved reads "Published"). */
export function StatusBadge({ status }: { status: ListingStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', colours[status])}
      data-testid="listing-status"
      data-status={status}
    >
      {t(`hostListings.status.${status}`)}
    </span>
  );
}
