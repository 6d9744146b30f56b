import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function AdminPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={ShieldCheck}
      title={t('pages.admin.title')}
      description={t('pages.admin.description')}
      testId="page-admin"
    />
  );
}
