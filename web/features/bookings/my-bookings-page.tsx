import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function MyBookingsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={CalendarCheck}
      title={t('pages.myBookings.title')}
      description={t('pages.myBookings.description')}
      testId="page-my-bookings"
    />
  );
}
