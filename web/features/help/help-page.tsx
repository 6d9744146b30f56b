import {
  CalendarCheck,
  CreditCard,
  Download,
  Headphones,
  Home,
  LifeBuoy,
  Mail,
  MessageCircle,
  Phone,
  Rocket,
  Search,
  ShieldCheck,
  Star,
  UserCog,
  UserRound,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useDeferredValue, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { HelpCategory } from '../../../core/content.ts';
import { supportContact, supportPhoneHref } from '../../../core/support-contact.ts';
import { useLanguage } from '../../app/language.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { cardClasses } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useValueTypedBeforeHydration } from '../../lib/use-value-typed-before-hydration.ts';
import { useHelpCenter } from './help-api.ts';
import { HelpArticleStats } from './help-article-summary.tsx';

const categoryIcons: Record<HelpCategory, LucideIcon> = {
  'getting-started': Rocket,
  'booking-payments': CreditCard,
  hosting: Home,
  'account-settings': UserCog,
  'safety-trust': ShieldCheck,
  'technical-support': Wrench,
};

type QuickAction = {
  key: 'manageBookings' | 'updateProfile' | 'paymentMethods' | 'downloadReceipts' | 'leaveReviews' | 'securitySettings';
  icon: LucideIcon;
  to: string | null;
};

// Payments and receipts lead to their help articles (content/help).
const quickActions: QuickAction[] = [
  { key: 'manageBookings', icon: CalendarCheck, to: '/my-bookings' },
  { key: 'updateProfile', icon: UserRound, to: '/profile' },
  { key: 'paymentMethods', icon: CreditCard, to: '/help/paying-for-your-stay' },
  { key: 'downloadReceipts', icon: Download, to: '/help/downloading-receipts' },
  { key: 'leaveReviews', icon: Star, to: '/my-bookings?tab=past' },
  { key: 'securitySettings', icon: ShieldCheck, to: '/profile' },
];

const cardClass = cn(cardClasses, 'p-6 shadow-sm');

export default function HelpPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [search, setSearch] = useState('');
  const searchInput = useRef<HTMLInputElement>(null);
  useValueTypedBeforeHydration(searchInput, search, setSearch);
  const deferredSearch = useDeferredValue(search);
  const query = useHelpCenter(language, deferredSearch);
  const searchId = useId();
  useDocumentTitle(t('pages.help.title'));

  return (
    <div data-testid="page-help">
      <section className="bg-gradient-to-b from-brand-50 to-transparent px-4 pt-12 pb-8 sm:px-6 md:pt-16 lg:px-8 dark:from-brand-950/40">
        <div className="mx-auto flex max-w-3xl flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-white text-brand-700 shadow-sm ring-1 ring-brand-100 dark:bg-slate-900 dark:text-brand-300 dark:ring-brand-900">
            <LifeBuoy className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{t('pages.help.title')}</h1>
          <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{t('pages.help.description')}</p>
          <div role="search" className="relative mt-8 w-full">
            <label htmlFor={searchId} className="sr-only">
              {t('help.searchLabel')}
            </label>
            <Search className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <input
              ref={searchInput}
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('help.searchPlaceholder')}
              maxLength={100}
              data-testid="help-search"
              className="h-14 w-full rounded-2xl border border-slate-300 bg-white ps-12 pe-4 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/40 dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400"
            />
          </div>
        </div>
      </section>

      <div className="mx-auto w-full max-w-7xl space-y-14 px-4 pb-14 sm:px-6 lg:px-8">
        <section aria-labelledby="help-categories-title">
          <h2 id="help-categories-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            {t('help.categoriesTitle')}
          </h2>
          <div className="mt-6" aria-live="polite">
            {query.isPending ? (
              <LoadingState variant="blocks" testId="content-loading" />
            ) : query.isError ? (
              <ErrorState
                title={t('help.loadFailed')}
                error={query.error}
                retrying={query.isFetching}
                onRetry={() => void query.refetch()}
                testId="content-error"
              />
            ) : query.data.categories.length === 0 ? (
              <p
                className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400"
                data-testid="help-no-results"
              >
                {t('help.noResults', { query: deferredSearch.trim() })}
              </p>
            ) : (
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="help-categories">
                {query.data.categories.map((category) => {
                  const Icon = categoryIcons[category.id];
                  return (
                    <li key={category.id} className={cn(cardClass, 'flex flex-col')} data-testid="help-category">
                      <div className="flex items-center gap-3">
                        <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                          <Icon className="size-5" aria-hidden="true" />
                        </span>
                        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{category.name}</h3>
                      </div>
                      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{category.description}</p>
                      <ul className="mt-4 space-y-2 text-sm">
                        {category.articles.map((article) => (
                          <li key={article.slug}>
                            <LocalizedLink
                              to={`/help/${article.slug}`}
                              className="font-medium text-brand-700 hover:underline dark:text-brand-300"
                            >
                              {article.title}
                            </LocalizedLink>
                          </li>
                        ))}
                      </ul>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </section>

        {query.data && (
          <section aria-labelledby="help-popular-title">
            <h2 id="help-popular-title" className="text-2xl font-bold text-slate-900 dark:text-white">
              {t('help.popularTitle')}
            </h2>
            <ol className="mt-6 grid gap-4 md:grid-cols-2" data-testid="help-popular">
              {query.data.popular.map((article) => (
                <li key={article.slug} className={cn(cardClass, 'relative flex flex-col gap-2 p-5')}>
                  <h3 className="font-semibold text-slate-900 dark:text-white">
                    <LocalizedLink to={`/help/${article.slug}`} className="after:absolute after:inset-0 hover:underline">
                      {article.title}
                    </LocalizedLink>
                  </h3>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{article.excerpt}</p>
                  <HelpArticleStats article={article} language={language} />
                </li>
              ))}
            </ol>
          </section>
        )}

        <section aria-labelledby="help-quick-title">
          <h2 id="help-quick-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            {t('help.quickActions.title')}
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6" data-testid="help-quick-actions">
            {quickActions.map(({ key, icon: Icon, to }) => {
              const content = (
                <>
                  <Icon className="size-6" aria-hidden="true" />
                  <span className="text-sm font-medium">{t(`help.quickActions.${key}`)}</span>
                  {!to && <span className="text-xs text-slate-500 dark:text-slate-400">{t('help.quickActions.soon')}</span>}
                </>
              );
              const itemClass = 'flex h-full flex-col items-center gap-2 rounded-2xl border p-4 text-center';
              return (
                <li key={key}>
                  {to ? (
                    <LocalizedLink
                      to={to}
                      className={cn(
                        itemClass,
                        'border-slate-200 bg-white text-slate-800 hover:border-brand-300 hover:bg-brand-50 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-brand-700 dark:hover:bg-brand-950/40',
                      )}
                    >
                      {content}
                    </LocalizedLink>
                  ) : (
                    <div
                      className={cn(itemClass, 'border-dashed border-slate-300 text-slate-600 dark:border-slate-700 dark:text-slate-300')}
                    >
                      {content}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="help-support-title" className="rounded-3xl bg-slate-100 p-6 sm:p-10 dark:bg-slate-900">
          <div className="flex items-center gap-3">
            <Headphones className="size-7 text-brand-700 dark:text-brand-300" aria-hidden="true" />
            <h2 id="help-support-title" className="text-2xl font-bold text-slate-900 dark:text-white">
              {t('help.support.title')}
            </h2>
          </div>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t('help.support.text')}</p>
          <ul className="mt-6 grid gap-4 md:grid-cols-3" data-testid="help-support">
            {/* The contact form, said as what it is: no one chats live, a person answers within the day (issue 41). */}
            <SupportChannel icon={MessageCircle} title={t('help.support.contactForm')} hours={t('help.support.contactFormReply')}>
              <LocalizedLink to="/contact" className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                {t('help.support.contactFormAction')}
              </LocalizedLink>
            </SupportChannel>
            <SupportChannel icon={Phone} title={t('help.support.phone')} hours={t('support.hours', supportContact.hours)}>
              <a href={supportPhoneHref} dir="ltr" className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                {supportContact.phone}
              </a>
            </SupportChannel>
            <SupportChannel icon={Mail} title={t('help.support.email')} hours={t('help.support.emailHours')}>
              <a
                href={`mailto:${supportContact.email}`}
                dir="ltr"
                className="font-medium text-brand-700 hover:underline dark:text-brand-300"
              >
                {supportContact.email}
              </a>
            </SupportChannel>
          </ul>
        </section>
      </div>
    </div>
  );
}

function SupportChannel({
  icon: Icon,
  title,
  hours,
  children,
}: {
  icon: LucideIcon;
  title: string;
  hours: string;
  children?: React.ReactNode;
}) {
  return (
    <li className={cn(cardClass, 'flex flex-col gap-2')}>
      <Icon className="size-6 text-brand-700 dark:text-brand-300" aria-hidden="true" />
      <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{hours}</p>
      {children}
    </li>
  );
}
