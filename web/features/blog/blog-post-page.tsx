import { ArrowLeft, BookOpen, Tag } from 'lucide-react';
import { useParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { BlogPost } from '../../../core/contracts/content.ts';
import type { Language } from '../../../core/languages.ts';
import { useLanguage } from '../../app/language.tsx';
import { ContentQueryPage } from '../../components/content-query-page.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useBlogPost } from './blog-api.ts';
import { BlogCard, BlogCover, CategoryBadge, PostMeta, TrendingBadge } from './blog-card.tsx';
import { ShareButton } from './share-button.tsx';

function BackToBlog() {
  const { t } = useTranslation();
  return (
    <LocalizedLink to="/blog" className={buttonClasses('secondary', 'md')} data-testid="back-to-blog">
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {t('pages.blogPost.back')}
    </LocalizedLink>
  );
}

export default function BlogPostPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { slug = '' } = useParams();
  return (
    <ContentQueryPage
      query={useBlogPost(slug, language)}
      notFound={{
        icon: BookOpen,
        title: t('blog.notFound.title'),
        text: t('blog.notFound.text'),
        testId: 'blog-post-not-found',
        back: <BackToBlog />,
      }}
      loadFailed={t('blog.loadFailed')}
      testId="page-blog-post"
      className="max-w-7xl lg:px-8"
    >
      {(post) => <PostView post={post} language={language} />}
    </ContentQueryPage>
  );
}

function PostView({ post, language }: { post: BlogPost; language: Language }) {
  const { t } = useTranslation();
  return (
    <>
      <article className="mx-auto max-w-3xl">
        <LocalizedLink
          to="/blog"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t('pages.blogPost.back')}
        </LocalizedLink>
        <header className="mt-6 space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge category={post.category} />
            {post.trending && <TrendingBadge />}
          </div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white" data-testid="blog-post-title">
            {post.title}
          </h1>
          <p className="text-lg leading-8 text-slate-600 dark:text-slate-300">{post.excerpt}</p>
          <div className="flex flex-wrap items-center justify-between gap-4">
            <PostMeta post={post} language={language} />
            <ShareButton title={post.title} />
          </div>
        </header>
        <BlogCover category={post.category} className="mt-8 h-56 rounded-3xl sm:h-72" />
        <RichText html={post.html} className="mt-10" testId="blog-post-content" />

        <ul className="mt-10 flex flex-wrap gap-2" aria-label={t('blog.tags')} data-testid="blog-post-tags">
          {post.tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              <Tag className="size-3.5" aria-hidden="true" />
              {tag}
            </li>
          ))}
        </ul>

        <aside
          className="mt-10 rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900"
          aria-label={t('blog.aboutAuthor')}
        >
          <p className="text-sm font-semibold text-slate-500 dark:text-slate-400">{t('blog.aboutAuthor')}</p>
          <p className="mt-1 font-semibold text-slate-900 dark:text-white">{post.author}</p>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{post.authorBio}</p>
        </aside>

        <section className="mt-10 rounded-3xl bg-gradient-to-br from-brand-600 to-indigo-700 p-8 text-white" data-testid="blog-cta">
          <h2 className="text-2xl font-bold">{t('blog.cta.title')}</h2>
          <p className="mt-2 text-brand-50">{t('blog.cta.text')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <LocalizedLink to="/explore" className={buttonClasses('secondary', 'lg')}>
              {t('blog.cta.explore')}
            </LocalizedLink>
            <LocalizedLink
              to="/become-host"
              className="inline-flex h-12 items-center rounded-xl px-5 font-semibold text-white ring-1 ring-white/70 hover:bg-white/10"
            >
              {t('blog.cta.host')}
            </LocalizedLink>
          </div>
        </section>
      </article>

      {post.related.length > 0 && (
        <section className="mt-16" aria-labelledby="related-articles" data-testid="blog-related">
          <h2 id="related-articles" className="text-2xl font-bold text-slate-900 dark:text-white">
            {t('blog.related')}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {post.related.map((related) => (
              <li key={related.slug} className="flex">
                <BlogCard post={related} language={language} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
