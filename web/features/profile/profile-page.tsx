import { LogIn, UserRound } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { IdVerificationCard } from './id-verification-card.tsx';
import { useProfile } from './profile-api.ts';
import { ProfileCard } from './profile-card.tsx';
import { ProfileFormView } from './profile-form.tsx';
import { RecommendationsList } from './recommendations-list.tsx';
import { SecurityCard } from './security-card.tsx';
import { YourDataCard } from './your-data-card.tsx';
import { Card } from '../../components/ui/card.tsx';

function ProfileContent({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const profile = useProfile();

  if (profile.isPending) return <LoadingState className="py-24" />;
  if (profile.isError) {
    return (
      <ErrorState
        title={t('profile.loadError')}
        error={profile.error}
        retrying={profile.isFetching}
        onRetry={() => void profile.refetch()}
        testId="profile-error"
      />
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_1fr] lg:items-start">
      <div className="flex flex-col gap-6 lg:sticky lg:top-24">
        <ProfileCard profile={profile.data} />
        {/* What others see: the public profile with the reviews hosts wrote about this member. */}
        <LocalizedLink to={`/people/${userId}`} data-testid="profile-public-link" className={buttonClasses('secondary', 'md')}>
          <UserRound className="size-4" aria-hidden="true" />
          {t('profile.publicProfile')}
        </LocalizedLink>
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <ProfileFormView profile={profile.data} />
        <IdVerificationCard profile={profile.data} />
        <RecommendationsList />
        <SecurityCard />
        <YourDataCard />
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
          <ProfileContent userId={user.id} />
        ) : (
          <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center" data-testid="profile-sign-in-required">
            <p className="text-lg text-slate-700 dark:text-slate-200">{t('profile.signInRequired')}</p>
            <LocalizedLink to="/auth" className={buttonClasses('primary', 'md')}>
              <LogIn className="size-4 rtl:-scale-x-100" aria-hidden="true" />
              {t('nav.signIn')}
            </LocalizedLink>
          </Card>
        )}
      </div>
    </div>
  );
}
