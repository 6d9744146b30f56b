import { Accessibility } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { LegalDocumentPage } from './legal-document-page.tsx';

/** The accessibility statement Israeli law asks for (SI 5568 / WCAG 2.1 AA), from content/legal/accessibility.*.md. */
export default function AccessibilityPage() {
  const { t } = useTranslation();
  return <LegalDocumentPage doc="accessibility" icon={Accessibility} title={t('pages.accessibility.title')} testId="page-accessibility" />;
}
