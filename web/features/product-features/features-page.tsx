import { LayoutGrid } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function FeaturesPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={LayoutGrid}
      title={t('pages.features.title')}
      description={t('pages.features.description')}
      testId="page-features"
    />
  );
}
