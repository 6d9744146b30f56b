import { AlertTriangle } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/error-message.ts';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

interface ErrorStateProps {
  /** What failed ("We couldn't load your bookings"); without it the reason is the message. */
  title?: string;
  /** The failure, shown as its translated reason. */
  error?: unknown;
  /** Offers "Try again" when given. */
  onRetry?: () => void;
  /** Disables the retry and shows a spinner in it while the request runs again. */
  retrying?: boolean;
  /** h1 when the failure replaces a whole page's content. */
  titleAs?: 'h1' | 'h2';
  /** sm: a compact box inside a panel (admin lists). */
  size?: 'md' | 'sm';
  className?: string;
  testId?: string;
  retryTestId?: string;
}

/** A failed request: announced as an alert, with the translated reason and a retry. */
export function ErrorState({
  title,
  error,
  onRetry,
  retrying = false,
  titleAs: Title = 'h2',
  size = 'md',
  className,
  testId,
  retryTestId,
}: ErrorStateProps) {
  const { t } = useTranslation();
  const reason = error === undefined ? undefined : errorText(t, error);
  const retry = onRetry && (
    <Button
      variant="secondary"
      size={size === 'sm' ? 'sm' : 'md'}
      className={size === 'md' ? 'mt-5' : undefined}
      onClick={onRetry}
      disabled={retrying}
      data-testid={retryTestId}
    >
      {retrying && <Spinner className="size-4" />}
      {t('common.tryAgain')}
    </Button>
  );
  if (size === 'sm') {
    return (
      <div
        role="alert"
        data-testid={testId}
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border border-rose-200 bg-rose-50 px-4 py-8 text-center text-sm text-rose-900 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-100',
          className,
        )}
      >
        {title && <p className="font-semibold">{title}</p>}
        {reason}
        {retry}
      </div>
    );
  }
  return (
    <div
      role="alert"
      data-testid={testId}
      className={cn(
        'flex flex-col items-center rounded-2xl border border-rose-200 bg-rose-50 px-6 py-12 text-center dark:border-rose-900 dark:bg-rose-950/40',
        className,
      )}
    >
      <AlertTriangle className="size-8 text-rose-600 dark:text-rose-300" aria-hidden="true" />
      {title && <Title className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{title}</Title>}
      {reason && <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{reason}</p>}
      {retry}
    </div>
  );
}
