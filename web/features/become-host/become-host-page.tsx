import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function BecomeHostPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={Sparkles}
      title={t('pages.becomeHost.title')}
      description={t('pages.becomeHost.description')}
      testId="page-become-host"
    />
  );
}
