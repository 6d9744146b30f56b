import { parseISO } from 'date-fns';
import { BarChart3, Cpu, Eye, Home, Megaphone, Search, TrendingUp, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { BlogCategory } from '../../../core/content.ts';
import type { BlogPostSummary } from '../../../core/contracts/content.ts';
import { formatNumber } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDate } from '../../../core/format-date.ts';
import { Card } from '../../components/ui/card.tsx';

const categoryArt: Record<BlogCategory, { icon: LucideIcon; gradient: string }> = {
  seo: { icon: Search, gradient: 'from-sky-500 to-indigo-600' },
  marketing: { icon: Megaphone, gradient: 'from-fuchsia-500 to-rose-500' },
  'host-tips': { icon: Home, gradient: 'from-emerald-500 to-teal-600' },
  'industry-insights': { icon: BarChart3, gradient: 'from-amber-500 to-orange-600' },
  technology: { icon: Cpu, gradient: 'from-violet-500 to-purple-700' },
};

/** A decorative cover per category: the app works offline, so posts carry no stock photos. */
export function BlogCover({ category, className }: { category: BlogCategory; className?: string }) {
  const { icon: Icon, gradient } = categoryArt[category];
  return (
    <div
      aria-hidden="true"
      className={cn('relative flex items-center justify-center overflow-hidden bg-gradient-to-br', gradient, className)}
    >
      <div className="absolute -end-10 -top-10 size-40 rounded-full bg-white/15" />
      <div className="absolute -bottom-12 -start-8 size-32 rounded-full bg-black/10" />
      <Icon className="relative size-12 text-white/90" />
    </div>
  );
}

export function CategoryBadge({ category }: { category: BlogCategory }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-800">
      {t(`blog.categories.${category}`)}
    </span>
  );
}

/** Author, date, read time and views of a post. */
export function PostMeta({ post, language, className }: { post: BlogPostSummary; language: Language; className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400', className)}>
      <span className="font-medium text-slate-800 dark:text-slate-200">{post.author}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={post.date}>{formatDate(parseISO(post.date), 'date', language)}</time>
      <span aria-hidden="true">·</span>
      <span>{t('blog.readTime', { count: post.readTimeMinutes, n: formatNumber(post.readTimeMinutes, language) })}</span>
      <span aria-hidden="true">·</span>
      <span className="inline-flex items-center gap-1">
        <Eye className="size-4" aria-hidden="true" />
        {t('blog.views', { count: post.views, n: formatNumber(post.views, language) })}
      </span>
    </p>
  );
}

export function BlogCard({
  post,
  language,
  headingLevel = 'h3',
}: {
  post: BlogPostSummary;
  language: Language;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <Card
      as="article"
      data-testid="blog-card"
      className="group relative flex flex-col overflow-hidden shadow-sm transition-shadow hover:shadow-md"
    >
      <BlogCover category={post.category} className="h-40" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <CategoryBadge category={post.category} />
          {post.trending && <TrendingBadge />}
        </div>
        <Heading className="text-lg font-semibold leading-snug text-slate-900 dark:text-white">
          <LocalizedLink
            to={`/blog/${post.slug}`}
            className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline"
            data-testid="blog-card-link"
          >
            {post.title}
          </LocalizedLink>
        </Heading>
        <p className="line-clamp-3 text-sm leading-6 text-slate-600 dark:text-slate-400">{post.excerpt}</p>
        <PostMeta post={post} language={language} className="mt-auto pt-2 text-xs" />
      </div>
    </Card>
  );
}

export function TrendingBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800">
      <TrendingUp className="size-3.5" aria-hidden="true" />
      {t('blog.trending')}
    </span>
  );
}

/** The newest post of the first page, given more room. */
export function FeaturedPost({ post, language }: { post: BlogPostSummary; language: Language }) {
  const { t } = useTranslation();
  return (
    <article
      data-testid="blog-featured"
      className="group relative grid overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm md:grid-cols-2 dark:border-slate-800 dark:bg-slate-900"
    >
      <BlogCover category={post.category} className="h-52 md:h-full md:min-h-72" />
      <div className="flex flex-col gap-4 p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{t('blog.featured')}</span>
          <CategoryBadge category={post.category} />
          {post.trending && <TrendingBadge />}
        </div>
        <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          <LocalizedLink
            to={`/blog/${post.slug}`}
            className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline"
          >
            {post.title}
          </LocalizedLink>
        </h2>
        <p className="text-base leading-7 text-slate-600 dark:text-slate-300">{post.excerpt}</p>
        <PostMeta post={post} language={language} className="mt-auto" />
      </div>
    </article>
  );
}
