import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function ProfilePage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={UserRound}
      title={t('pages.profile.title')}
      description={t('pages.profile.description')}
      testId="page-profile"
    />
  );
}
