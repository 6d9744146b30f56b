import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={Lock}
      title={t('pages.privacy.title')}
      description={t('pages.privacy.description')}
      testId="page-privacy"
    />
  );
}
