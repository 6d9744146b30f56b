import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PasskeysCard } from './passkeys-card.tsx';
import { useTwoFactorState } from './security-api.ts';
import { TotpCard } from './totp-card.tsx';

/**
 * The profile's security page (decision 051): the second factor's state, recovery codes left, and
 * passkeys. An admin in production without a second factor is sent here before anything else.
 */
export default function SecurityPage() {
  const { t } = useTranslation();
  const state = useTwoFactorState();
  useDocumentTitle(t('pages.security.title'));
  const hasFactor = Boolean(state.data && (state.data.totpEnabled || state.data.passkeys.length > 0));

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-14 lg:px-8" data-testid="page-security">
      <LocalizedLink
        to="/profile"
        className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-400"
      >
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {t('pages.profile.title')}
      </LocalizedLink>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('pages.security.title')}</h1>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">{t('pages.security.description')}</p>
      {state.data?.required && !hasFactor && (
        <div
          role="status"
          className="mt-6 flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
          data-testid="second-factor-required"
        >
          <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>{t('twoFactor.requiredText')}</p>
        </div>
      )}
      <div className="mt-8 flex flex-col gap-6">
        {state.isPending ? (
          <LoadingState className="py-24" />
        ) : state.isError ? (
          <ErrorState
            title={t('twoFactor.loadError')}
            error={state.error}
            retrying={state.isFetching}
            onRetry={() => void state.refetch()}
            testId="security-error"
          />
        ) : (
          <>
            <TotpCard state={state.data} />
            <PasskeysCard passkeys={state.data.passkeys} />
          </>
        )}
      </div>
    </div>
  );
}
