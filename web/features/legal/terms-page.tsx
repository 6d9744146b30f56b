import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LegalDocumentPage } from './legal-document-page.tsx';

export default function TermsPage() {
  const { t } = useTranslation();
  return <LegalDocumentPage doc="terms" icon={FileText} title={t('pages.terms.title')} testId="page-terms" />;
}
