import { Briefcase } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function CareersPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={Briefcase}
      title={t('pages.careers.title')}
      description={t('pages.careers.description')}
      testId="page-careers"
    />
  );
}
