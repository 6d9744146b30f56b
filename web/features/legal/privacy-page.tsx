import { Lock } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { LegalDocumentPage } from './legal-document-page.tsx';

export default function PrivacyPage() {
  const { t } = useTranslation();
  return <LegalDocumentPage doc="privacy" icon={Lock} title={t('pages.privacy.title')} testId="page-privacy" />;
}
