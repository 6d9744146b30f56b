import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={MessageCircle}
      title={t('pages.contact.title')}
      description={t('pages.contact.description')}
      testId="page-contact"
    />
  );
}
