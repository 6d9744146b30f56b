import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function TermsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={FileText}
      title={t('pages.terms.title')}
      description={t('pages.terms.description')}
      testId="page-terms"
    />
  );
}
