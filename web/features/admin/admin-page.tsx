import { ClipboardCheck, Home, type LucideIcon, TrendingDown, TrendingUp, Users, Wallet } from 'lucide-react';
import { lazy, Suspense, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSearchParams } from 'react-router';
import { percentChange } from '../../../core/admin-rules.ts';
import { formatNumber, formatPrice } from '../../../core/format.ts';
import type { Stat, Stats } from '../../../core/contracts/admin.ts';
import { useLanguage } from '../../app/language.tsx';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useStats } from './admin-api.ts';
import { AccountDeletionsTab } from './account-deletions-tab.tsx';
import { AuditTab } from './audit-tab.tsx';
import { CalendarConflictsTab } from './calendar-conflicts-tab.tsx';
import { cardClasses } from './query-state.tsx';
import { RecordsTab } from './records-tab.tsx';
import { ReportsTab } from './reports-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { UsersTab } from './users-tab.tsx';
import { VerificationsTab } from './verifications-tab.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

// The two largest tabs are chunks of their own, fetched when opened: the admin page's first load stays within its budget.
const FinanceTab = lazy(() => import('./finance-tab.tsx').then((module) => ({ default: module.FinanceTab })));
const MoveInTab = lazy(() => import('./move-in-tab.tsx').then((module) => ({ default: module.MoveInTab })));

const statCards: { key: keyof Stats; icon: LucideIcon; money?: boolean }[] = [
  { key: 'totalUsers', icon: Users },
  { key: 'activeListings', icon: Home },
  { key: 'monthlyRevenue', icon: Wallet, money: true },
  { key: 'pendingReviews', icon: ClipboardCheck },
];

function StatCard({
  name,
  icon: Icon,
  stat,
  money,
}: {
  name: keyof Stats;
  icon: LucideIcon;
  stat: Stat | undefined;
  money?: boolean | undefined;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const change = !stat ? null : stat.value === 0 && stat.lastMonth === 0 ? 0 : percentChange(stat.value, stat.lastMonth);
  return (
    <div className={cardClasses} data-testid={`stat-${name}`}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-600 dark:text-slate-300">{t(`admin.stats.${name}`)}</h2>
        <Icon className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
      </div>
      <p className="mt-2 text-2xl font-bold text-slate-900 dark:text-white" data-testid="stat-value">
        {stat ? (money ? formatPrice(stat.value, language) : formatNumber(stat.value, language)) : '—'}
      </p>
      <p className="mt-1 flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
        {change !== null &&
          change !== 0 &&
          (change > 0 ? (
            <TrendingUp className="size-3.5 text-emerald-600" aria-hidden="true" />
          ) : (
            <TrendingDown className="size-3.5 text-rose-600" aria-hidden="true" />
          ))}
        {change === null ? (
          t('admin.stats.noBase')
        ) : (
          <>
            {/* A signed percentage reads left to right in Hebrew too. */}
            <bdi dir="ltr">{`${change > 0 ? '+' : ''}${formatNumber(change, language)}%`}</bdi> {t('admin.stats.fromLastMonth')}
          </>
        )}
      </p>
    </div>
  );
}

const tabs = [
  { key: 'verifications' },
  { key: 'reports' },
  { key: 'moveIn' },
  { key: 'users' },
  { key: 'finance' },
  { key: 'settings' },
  { key: 'audit' },
  { key: 'records' },
  { key: 'calendarConflicts' },
  { key: 'accountDeletions' },
] as const;
type TabKey = (typeof tabs)[number]['key'];

export default function AdminPage() {
  const { t } = useTranslation();
  const { dir } = useLanguage();
  useDocumentTitle(t('pages.admin.title'));
  const stats = useStats();
  const [params, setParams] = useSearchParams();
  const current: TabKey = tabs.find((tab) => tab.key === params.get('tab'))?.key ?? 'verifications';
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  const select = (key: TabKey, focus = false) => {
    setParams(new URLSearchParams({ tab: key }), { replace: true });
    if (focus) tabRefs.current[key]?.focus();
  };
  // Arrow keys move between tabs, following the reading direction.
  const onKeyDown = (event: KeyboardEvent) => {
    // From the focused tab, not the selected one: a quick second key press comes before the URL has changed.
    const focused = tabs.findIndex((tab) => tabRefs.current[tab.key] === event.target);
    const index = focused === -1 ? tabs.findIndex((tab) => tab.key === current) : focused;
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: number | undefined;
    if (event.key === forward) next = (index + 1) % tabs.length;
    else if (event.key === back) next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    select(tabs[next]!.key, true);
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-14 lg:px-8" data-testid="page-admin">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('pages.admin.title')}</h1>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">{t('pages.admin.description')}</p>

      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={stats.isPending}>
        {statCards.map((card) => (
          <StatCard key={card.key} name={card.key} icon={card.icon} stat={stats.data?.[card.key]} money={card.money} />
        ))}
      </div>

      <div
        role="tablist"
        aria-label={t('pages.admin.title')}
        className="mt-10 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.key === current;
          return (
            <button
              key={tab.key}
              ref={(node) => {
                tabRefs.current[tab.key] = node;
              }}
              type="button"
              role="tab"
              id={`admin-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`admin-panel-${tab.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(tab.key)}
              data-testid={`admin-tab-${tab.key}`}
              className={cn(
                '-mb-px whitespace-nowrap rounded-t-lg border-b-2 px-4 py-2.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-500',
                selected
                  ? 'border-brand-700 text-brand-800 dark:border-brand-400 dark:text-brand-200'
                  : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
              )}
            >
              {t(`admin.tabs.${tab.key}`)}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`admin-panel-${current}`} aria-labelledby={`admin-tab-${current}`} className="mt-6">
        {current === 'verifications' && <VerificationsTab />}
        {current === 'reports' && <ReportsTab />}
        {current === 'moveIn' && (
          <Suspense fallback={<Spinner className="size-5" />}>
            <MoveInTab />
          </Suspense>
        )}
        {current === 'users' && <UsersTab />}
        {current === 'finance' && (
          <Suspense fallback={<Spinner className="size-5" />}>
            <FinanceTab />
          </Suspense>
        )}
        {current === 'settings' && <SettingsTab />}
        {current === 'audit' && <AuditTab />}
        {current === 'records' && <RecordsTab />}
        {current === 'calendarConflicts' && <CalendarConflictsTab />}
        {current === 'accountDeletions' && <AccountDeletionsTab />}
      </div>
    </div>
  );
}
