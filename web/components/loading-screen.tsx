import { useTranslation } from 'react-i18next';
import { Spinner } from './ui/spinner.tsx';

/** Centred 'Loading...' spinner filling the screen below the navigation bar. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-screen"
      className="flex min-h-[calc(100dvh-4rem)] flex-col items-center justify-center gap-3 text-brand-700 dark:text-brand-400"
    >
      <Spinner className="size-10 border-[3px]" />
      <span className="text-sm font-medium text-slate-600 dark:text-slate-300">{t('common.loading')}</span>
    </div>
  );
}
