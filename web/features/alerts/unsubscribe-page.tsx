import { BellOff } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { api } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-message.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * An alert mail's unsubscribe link (decision 048): open to everyone, signed in or not. The mails stop
 * only when the person presses the button, so a mail scanner that opens links stops nothing.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('unsubscribe.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const stop = useMutation({ mutationFn: () => api.post('/api/alerts/unsubscribe', { body: { token } }) });
  const done = stop.data;

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6" data-testid="page-unsubscribe" data-state={done ? 'done' : 'ready'}>
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 dark:bg-brand-950/60 dark:text-brand-300">
          <BellOff className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{t('unsubscribe.title')}</h1>
          <div aria-live="polite">
            {done ? (
              <p className="mt-2 text-slate-700 dark:text-slate-300" data-testid="unsubscribe-done">
                {t(done.kind === 'search' ? 'unsubscribe.doneSearch' : 'unsubscribe.donePrice', { name: done.name })}
              </p>
            ) : !token ? (
              <p className="mt-2 text-rose-700 dark:text-rose-300">{t('unsubscribe.missing')}</p>
            ) : (
              <>
                <p className="mt-2 text-slate-700 dark:text-slate-300">{t('unsubscribe.text')}</p>
                {stop.isError && (
                  <p className="mt-2 text-sm text-rose-700 dark:text-rose-300" data-testid="unsubscribe-error">
                    {errorText(t, stop.error)}
                  </p>
                )}
                <Button className="mt-5" onClick={() => stop.mutate()} disabled={stop.isPending} data-testid="unsubscribe-confirm">
                  {t('unsubscribe.button')}
                </Button>
              </>
            )}
          </div>
          <LocalizedLink to="/saved" className={buttonClasses('ghost', 'sm', 'mt-6 -ms-3')}>
            {t('unsubscribe.manage')}
          </LocalizedLink>
        </div>
      </div>
    </div>
  );
}
