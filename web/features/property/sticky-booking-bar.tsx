import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useMediaQuery } from '../../lib/use-media-query.ts';

/** Below Tailwind's lg breakpoint the booking panel sits at the end of the page instead of beside it. */
const belowLg = '(max-width: 1023.98px)';

/** The page keeps this much room at its end below lg, so the bar never covers its last lines. */
export const stickyBarPadding = 'max-lg:pb-28';

interface StickyBookingBarProps {
  /** The price per night, week or month, as the panel shows it. */
  price: ReactNode;
  /** The stay's total once dates are chosen. */
  total: string | null;
  label: string;
  /** Scrolls to the booking panel and focuses it. */
  onOpen: () => void;
}

/**
 * Phones and tablets: a bar fixed at the bottom with the price (and the stay's total once dates are
 * chosen) and the booking button, which brings the booking panel into view and focuses it. Not
 * rendered at all from lg up, where the panel stays beside the page; the bar clears the home
 * indicator (safe area).
 */
export function StickyBookingBar({ price, total, label, onOpen }: StickyBookingBarProps) {
  const { t } = useTranslation();
  const shown = useMediaQuery(belowLg);
  if (!shown) return null;
  return (
    <div
      role="region"
      aria-label={t('property.stickyBar.label')}
      data-testid="sticky-booking-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden dark:border-slate-800 dark:bg-slate-950/95"
    >
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-4">
        <div className="min-w-0 text-sm text-slate-600 dark:text-slate-400">
          <p data-testid="sticky-bar-price">{price}</p>
          {total ? (
            <p className="truncate text-xs font-medium text-slate-700 dark:text-slate-300" data-testid="sticky-bar-total">
              {t('property.stickyBar.total', { total })}
            </p>
          ) : null}
        </div>
        <Button className="shrink-0" onClick={onOpen} data-testid="sticky-bar-action">
          {label}
        </Button>
      </div>
    </div>
  );
}
