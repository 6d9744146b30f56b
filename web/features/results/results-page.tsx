import { SearchCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { propertyTypeOfParam } from '../../../core/search-params.ts';

export default function ResultsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = propertyTypeOfParam(params.get('type'));
  const title =
    type === 'hotel'
      ? t('pages.results.titleHotel')
      : type === 'rental'
        ? t('pages.results.titleRental')
        : t('pages.results.titleSublet');
  return (
    <PlaceholderPage icon={SearchCheck} title={title} description={t('pages.results.description')} testId="page-results" />
  );
}
