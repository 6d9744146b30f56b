import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function HelpPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={LifeBuoy}
      title={t('pages.help.title')}
      description={t('pages.help.description')}
      testId="page-help"
    />
  );
}
