import { Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function BlogPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={Newspaper}
      title={t('pages.blog.title')}
      description={t('pages.blog.description')}
      testId="page-blog"
    />
  );
}
