import { AlertTriangle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageKey } from '../../lib/error-message.ts';
import { BookingCardSkeleton } from './booking-card.tsx';

/** The title block of a bookings page. */
export function BookingsHeader({ icon: Icon, title, subtitle }: { icon: LucideIcon; title: string; subtitle: string }) {
  return (
    <header className="flex items-start gap-4">
      <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 sm:flex dark:bg-brand-950/70 dark:text-brand-300">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{subtitle}</p>
      </div>
    </header>
  );
}

export function BookingsLoading({ label }: { label: string }) {
  return (
    <div data-testid="bookings-loading" aria-busy="true" className="space-y-4">
      <span className="sr-only" role="status">
        {label}
      </span>
      {[0, 1, 2].map((index) => (
        <BookingCardSkeleton key={index} />
      ))}
    </div>
  );
}

export function BookingsError({ title, error, retrying, onRetry }: { title: string; error: unknown; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="bookings-error"
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-rose-200 bg-rose-50 px-6 py-12 text-center dark:border-rose-900 dark:bg-rose-950/40"
    >
      <AlertTriangle className="size-8 text-rose-600 dark:text-rose-300" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(errorMessageKey(error))}</p>
      <Button variant="secondary" className="mt-5" onClick={onRetry} disabled={retrying} data-testid="bookings-retry">
        {retrying ? <Spinner className="size-4" /> : null}
        {t('common.tryAgain')}
      </Button>
    </div>
  );
}

export function BookingsEmpty({ icon: Icon, title, text, action }: { icon: LucideIcon; title: string; text: string; action?: ReactNode }) {
  return (
    <div
      data-testid="bookings-empty"
      className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center dark:border-slate-700 dark:bg-slate-900/60"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950/70 dark:text-brand-300">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">{text}</p>
      {action}
    </div>
  );
}
