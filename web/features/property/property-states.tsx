import { SearchX } from 'lucide-react';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';

/** The property page of a listing that does not exist or is not published. */
export function PropertyNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={SearchX}
      iconTone="slate"
      titleAs="h1"
      title={t('property.notFoundTitle')}
      text={t('property.notFoundText')}
      testId="property-not-found"
      action={
        <LocalizedLink to="/results" className={buttonClasses('primary', 'md', 'mt-6')} data-testid="property-browse">
          {t('property.browseListings')}
        </LocalizedLink>
      }
    />
  );
}

/** The property page when the listing could not be loaded: the error and a way to try again. */
export function PropertyError({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorState
      titleAs="h1"
      title={t('property.errorTitle')}
      error={error}
      retrying={retrying}
      onRetry={onRetry}
      testId="property-error"
      retryTestId="property-retry"
    />
  );
}
