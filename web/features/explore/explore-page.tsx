import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function ExplorePage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={Compass}
      title={t('pages.explore.title')}
      description={t('pages.explore.description')}
      testId="page-explore"
    />
  );
}
