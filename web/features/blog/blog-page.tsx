import { ChevronLeft, ChevronRight, Newspaper } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { blogCategories, type BlogCategory } from '../../../core/content.ts';
import { formatNumber } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { useLanguage } from '../../app/language.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useBlogPage } from './blog-api.ts';
import { BlogCard, FeaturedPost } from './blog-card.tsx';
import { blogHref, readBlogParams } from './blog-model.ts';
import { BlogNewsletter } from './blog-newsletter.tsx';

export default function BlogPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [searchParams] = useSearchParams();
  const { category, page } = readBlogParams(searchParams);
  const query = useBlogPage(language, category, page);
  useDocumentTitle(t('pages.blog.title'));

  const posts = query.data?.posts ?? [];
  // The newest post leads the first page only; later pages are all grid. The page is the data's, not
  // the URL's: while the next page loads, the previous one stays on screen.
  const featured = query.data?.page === 1 ? posts[0] : undefined;
  const rest = featured ? posts.slice(1) : posts;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 md:py-14 lg:px-8" data-testid="page-blog">
      <header className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 sm:flex dark:bg-brand-950/70 dark:text-brand-300">
          <Newspaper className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{t('pages.blog.title')}</h1>
          <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">{t('pages.blog.description')}</p>
        </div>
      </header>

      <CategoryChips selected={category} />

      <div
        className="mt-8"
        aria-busy={query.isFetching ? true : undefined}
        data-testid="blog-results"
        data-category={category ?? 'all'}
        data-page={page}
        data-ready={query.isSuccess && !query.isFetching && !query.isPlaceholderData ? 'true' : 'false'}
      >
        {query.isPending ? (
          <LoadingState variant="blocks" testId="content-loading" />
        ) : query.isError ? (
          <ErrorState
            title={t('blog.loadFailed')}
            error={query.error}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
            testId="content-error"
          />
        ) : posts.length === 0 ? (
          <p
            className="rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400"
            data-testid="blog-empty"
          >
            {t('blog.empty')}
          </p>
        ) : (
          <div className="space-y-8">
            {featured && <FeaturedPost post={featured} language={language} />}
            {rest.length > 0 && (
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="blog-grid">
                {rest.map((post) => (
                  <li key={post.slug} className="flex">
                    <BlogCard post={post} language={language} />
                  </li>
                ))}
              </ul>
            )}
            <BlogPagination category={category} page={page} pageCount={query.data.pageCount} language={language} />
          </div>
        )}
      </div>

      <div className="mt-14">
        <BlogNewsletter />
      </div>
    </div>
  );
}

function CategoryChips({ selected }: { selected: BlogCategory | null }) {
  const { t } = useTranslation();
  const chips: (BlogCategory | null)[] = [null, ...blogCategories];
  return (
    <nav aria-label={t('blog.categoriesLabel')} className="mt-8">
      <ul className="flex flex-wrap gap-2" data-testid="blog-categories">
        {chips.map((category) => {
          const active = category === selected;
          return (
            <li key={category ?? 'all'}>
              <LocalizedLink
                to={blogHref(category)}
                aria-current={active ? 'page' : undefined}
                data-testid={`blog-category-${category ?? 'all'}`}
                className={cn(
                  'inline-flex h-9 items-center rounded-full px-4 text-sm font-medium ring-1 transition-colors focus-visible:ring-2 focus-visible:ring-brand-500',
                  active
                    ? 'bg-brand-700 text-white ring-brand-700 dark:bg-brand-500 dark:ring-brand-500 dark:text-slate-950'
                    : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800',
                )}
              >
                {category ? t(`blog.categories.${category}`) : t('blog.categories.all')}
              </LocalizedLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const pageItemClass =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-xl px-3 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-500';
const idleClass = 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

/** Real links, so a page of posts can be shared; previous and next point the reading direction's way. */
function BlogPagination({
  category,
  page,
  pageCount,
  language,
}: {
  category: BlogCategory | null;
  page: number;
  pageCount: number;
  language: Language;
}) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <nav aria-label={t('blog.pagination.label')} className="flex justify-center" data-testid="blog-pagination">
      <ul className="flex flex-wrap items-center gap-1">
        {page > 1 && (
          <li>
            <LocalizedLink
              to={blogHref(category, page - 1)}
              rel="prev"
              className={cn(pageItemClass, idleClass)}
              data-testid="blog-page-previous"
            >
              <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
              {t('blog.pagination.previous')}
            </LocalizedLink>
          </li>
        )}
        {pages.map((item) => (
          <li key={item}>
            <LocalizedLink
              to={blogHref(category, item)}
              aria-current={item === page ? 'page' : undefined}
              aria-label={t('blog.pagination.page', { page: formatNumber(item, language) })}
              data-testid={`blog-page-${item}`}
              className={cn(pageItemClass, item === page ? 'bg-brand-700 text-white dark:bg-brand-500 dark:text-slate-950' : idleClass)}
            >
              {formatNumber(item, language)}
            </LocalizedLink>
          </li>
        ))}
        {page < pageCount && (
          <li>
            <LocalizedLink
              to={blogHref(category, page + 1)}
              rel="next"
              className={cn(pageItemClass, idleClass)}
              data-testid="blog-page-next"
            >
              {t('blog.pagination.next')}
              <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            </LocalizedLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
