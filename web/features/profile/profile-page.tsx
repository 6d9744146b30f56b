import { AlertTriangle, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageKey } from '../../lib/error-message.ts';
import { useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { IdVerificationCard } from './id-verification-card.tsx';
import { useProfile } from './profile-api.ts';
import { ProfileCard } from './profile-card.tsx';
import { ProfileFormView } from './profile-form.tsx';
import { RecommendationsList } from './recommendations-list.tsx';
import { SecurityCard } from './security-card.tsx';

function ProfileContent() {
  const { t } = useTranslation();
  const profile = useProfile();

  if (profile.isPending) {
    return (
      <div className="flex justify-center py-24 text-brand-700 dark:text-brand-300" role="status">
        <Spinner className="size-8" />
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    );
  }
  if (profile.isError) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-rose-200 bg-rose-50 px-6 py-12 text-center dark:border-rose-900 dark:bg-rose-950/40" role="alert" data-testid="profile-error">
        <AlertTriangle className="size-8 text-rose-600 dark:text-rose-300" aria-hidden="true" />
        <p className="font-semibold text-rose-900 dark:text-rose-100">{t('profile.loadError')}</p>
        <p className="text-sm text-rose-800 dark:text-rose-200">{t(errorMessageKey(profile.error))}</p>
        <Button variant="secondary" onClick={() => void profile.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_1fr] lg:items-start">
      <div className="flex flex-col gap-6 lg:sticky lg:top-24">
        <ProfileCard profile={profile.data} />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <ProfileFormView profile={profile.data} />
        <IdVerificationCard profile={profile.data} />
        <RecommendationsList />
        <SecurityCard />
      </div>
    </div>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  useDocumentTitle(t('pages.profile.title'));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-14 lg:px-8" data-testid="page-profile">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('pages.profile.title')}</h1>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">{t('pages.profile.description')}</p>
      <div className="mt-8">
        {user ? (
          <ProfileContent />
        ) : (
          <div className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white px-6 py-14 text-center dark:border-slate-800 dark:bg-slate-900" data-testid="profile-sign-in-required">
            <p className="text-lg text-slate-700 dark:text-slate-200">{t('profile.signInRequired')}</p>
            <LocalizedLink to="/auth" className={buttonClasses('primary', 'md')}>
              <LogIn className="size-4 rtl:-scale-x-100" aria-hidden="true" />
              {t('nav.signIn')}
            </LocalizedLink>
          </div>
        )}
      </div>
    </div>
  );
}
