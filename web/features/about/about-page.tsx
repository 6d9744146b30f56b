import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={Users}
      title={t('pages.about.title')}
      description={t('pages.about.description')}
      testId="page-about"
    />
  );
}
