import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function PropertyPage() {
  const { t } = useTranslation();
  const { id = '1' } = useParams();
  return (
    <PlaceholderPage
      icon={Building2}
      title={t('pages.property.title')}
      description={t('pages.property.description', { id })}
      testId="page-property"
    />
  );
}
