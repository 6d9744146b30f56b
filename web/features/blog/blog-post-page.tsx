import { ArrowLeft, BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';

export default function BlogPostPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      icon={BookOpen}
      title={t('pages.blogPost.title')}
      description={t('pages.blogPost.description')}
      testId="page-blog-post"
    >
      <LocalizedLink to="/blog" className={buttonClasses('secondary', 'md')}>
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {t('pages.blogPost.back')}
      </LocalizedLink>
    </PlaceholderPage>
  );
}
