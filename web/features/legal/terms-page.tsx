import { FileText } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { LegalDocumentPage } from './legal-document-page.tsx';

export default function TermsPage() {
  const { t } = useTranslation();
  return <LegalDocumentPage doc="terms" icon={FileText} title={t('pages.terms.title')} testId="page-terms" />;
}
