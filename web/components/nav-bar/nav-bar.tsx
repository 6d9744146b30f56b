import { Heart, LogIn, LogOut, Menu, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { timings } from '../../../core/constants.ts';
import { useLanguage } from '../../app/language.tsx';
import { cn } from '../../lib/cn.ts';
import {
  paramOfPropertyType,
  parseResultsFilters,
  propertyTypeOfParam,
  resultsFiltersToParams,
  resultsTypeParams,
} from '../../../core/search-params.ts';
import { useSession, useSignOut } from '../../lib/session.ts';
import { usePublicSettings } from '../../lib/settings.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { LocalizedLink } from '../localized-link.tsx';
import { LogoMark } from '../logo.tsx';
import { ThemeToggleButton } from '../theme-toggle.tsx';
import { LanguageToggle } from './language-toggle.tsx';
import { buttonClasses } from '../ui/button.tsx';
import { NavBadge } from './nav-badge.tsx';
import { useNavModel } from './nav-model.ts';

const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenuSheet = lazy(loadMobileMenu);
// The bell (decision 063) is a chunk of its own, rendered in place by the server: its count comes with the session.
const NoticeBell = lazy(() => import('../notices/notice-bell.tsx'));

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

function TypeSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const current = paramOfPropertyType(propertyTypeOfParam(params.get('type')));
  const labels = { sublets: t('nav.sublets'), rentals: t('nav.rentals'), hotels: t('nav.hotels') };
  return (
    <nav aria-label={t('nav.propertyType')} className={className} data-testid="nav-type-switcher">
      <ul className="inline-flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800/80">
        {resultsTypeParams.map((type) => {
          // Place, dates and pets carry over; price bounds, hotel-only filters and the page belong to the old type.
          const next = resultsFiltersToParams({
            ...parseResultsFilters(params),
            type: propertyTypeOfParam(type),
            minPrice: undefined,
            maxPrice: undefined,
            page: 1,
          });
          next.set('type', type);
          const active = current === type;
          return (
            <li key={type}>
              <LocalizedLink
                to={`/results?${next.toString()}`}
                aria-current={active ? 'page' : undefined}
                data-testid={`nav-type-${type}`}
                className={cn(
                  'block rounded-lg px-3.5 py-1.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-500',
                  active
                    ? 'bg-white text-brand-800 shadow-sm dark:bg-slate-950 dark:text-brand-300'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                )}
              >
                {labels[type]}
              </LocalizedLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800', className)} />;
}

export function NavBar() {
  const { t } = useTranslation();
  const { barePath, localize, language } = useLanguage();
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const { isLoading: settingsLoading } = usePublicSettings();
  const signOut = useSignOut();
  const compact = useScrolledPast(timings.navScrollThresholdPx);
  const model = useNavModel();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const loading = isLoading || settingsLoading;
  const onResults = barePath === '/results';
  const wide = useMediaQuery('(min-width: 1280px)');
  const firstName = user?.firstName?.trim() || t('nav.defaultName');

  const handleSignOut = () => {
    signOut.mutate(undefined, { onSettled: () => navigate(localize('/'), { replace: true }) });
  };

  const linkClass = (active: boolean) =>
    cn(
      'rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 lg:px-3',
      active
        ? 'bg-brand-50 text-brand-800 dark:bg-brand-950/60 dark:text-brand-300'
        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
    );

  return (
    <header
      data-testid="nav-bar"
      data-compact={compact ? 'true' : 'false'}
      data-loading={loading ? 'true' : 'false'}
      className={cn(
        'sticky top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-300',
        compact
          ? 'border-slate-200/70 bg-white/80 shadow-md backdrop-blur-lg dark:border-slate-800/70 dark:bg-slate-950/75 dark:shadow-black/30'
          : 'border-transparent bg-slate-50 dark:bg-slate-950',
      )}
    >
      <div
        className={cn(
          'mx-auto flex max-w-7xl items-center gap-2 px-4 transition-[height] duration-300 sm:px-6 lg:gap-4 lg:px-8',
          compact ? 'h-14' : 'h-16',
        )}
      >
        <LocalizedLink
          to="/"
          data-testid="nav-brand"
          aria-label={t('nav.brandHome')}
          className="flex shrink-0 items-center gap-2 rounded-xl p-1 focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <LogoMark className={cn('transition-all duration-300', compact ? 'size-7' : 'size-8')} />
          <span className="text-xl font-bold tracking-tight text-slate-900 dark:text-white">{t('app.name')}</span>
        </LocalizedLink>

        {onResults && wide && <TypeSwitcher className="ms-2" />}

        {loading ? (
          <div className="ms-auto flex items-center gap-3" data-testid="nav-loading" aria-hidden="true">
            <Skeleton className="hidden h-5 w-16 md:block" />
            <Skeleton className="hidden h-5 w-20 md:block" />
            <Skeleton className="hidden h-5 w-24 md:block" />
            <Skeleton className="h-9 w-24 rounded-xl" />
            <Skeleton className="size-9 rounded-xl md:hidden" />
          </div>
        ) : (
          <>
            {model.items.length > 0 && (
              <nav aria-label={t('nav.mainNavigation')} className="hidden md:block">
                <ul className="flex items-center gap-1">
                  {model.items.map((item) => (
                    <li key={item.key}>
                      <LocalizedLink
                        to={item.to}
                        data-testid={`nav-${item.key}`}
                        aria-current={barePath === item.to ? 'page' : undefined}
                        className={linkClass(barePath === item.to)}
                      >
                        {t(item.label)}
                        <NavBadge count={item.badge} language={language} />
                      </LocalizedLink>
                    </li>
                  ))}
                </ul>
              </nav>
            )}

            <div className="ms-auto hidden items-center gap-1.5 md:flex">
              {user ? (
                <>
                  <span
                    data-testid="nav-welcome"
                    className="hidden max-w-48 truncate px-1 text-sm text-slate-600 lg:inline dark:text-slate-300"
                  >
                    {t('nav.welcome', { name: firstName })}
                  </span>
                  <Suspense fallback={<span className="size-9" />}>
                    <NoticeBell testId="nav-notices" />
                  </Suspense>
                  <LocalizedLink
                    to="/saved"
                    data-testid="nav-saved"
                    aria-label={t('nav.saved')}
                    title={t('nav.saved')}
                    aria-current={barePath === '/saved' ? 'page' : undefined}
                    className={buttonClasses(
                      'ghost',
                      'sm',
                      'px-2.5 aria-[current=page]:text-rose-600 dark:aria-[current=page]:text-rose-400',
                    )}
                  >
                    <Heart className="size-4" aria-hidden="true" />
                  </LocalizedLink>
                  {barePath !== '/profile' && (
                    <LocalizedLink
                      to="/profile"
                      data-testid="nav-profile"
                      aria-label={t('nav.profile')}
                      title={t('nav.profile')}
                      className={buttonClasses('ghost', 'sm', 'px-2.5')}
                    >
                      <UserRound className="size-4" aria-hidden="true" />
                    </LocalizedLink>
                  )}
                  <button
                    type="button"
                    onClick={handleSignOut}
                    disabled={signOut.isPending}
                    data-testid="nav-sign-out"
                    aria-label={t('nav.signOut')}
                    title={t('nav.signOut')}
                    className={buttonClasses('secondary', 'sm', 'px-2.5 lg:px-3')}
                  >
                    <LogOut className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                    <span className="hidden lg:inline">{t('nav.signOut')}</span>
                  </button>
                </>
              ) : (
                <LocalizedLink
                  to="/auth"
                  data-testid="nav-sign-in"
                  aria-current={barePath === '/auth' ? 'page' : undefined}
                  className={buttonClasses('primary', 'sm')}
                >
                  <LogIn className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                  {t('nav.signIn')}
                </LocalizedLink>
              )}
              <span className="mx-1 h-6 w-px bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
              <LanguageToggle />
              <ThemeToggleButton />
            </div>

            <div className="ms-auto flex items-center gap-1 md:hidden">
              {user && (
                <Suspense fallback={<span className="size-9" />}>
                  <NoticeBell testId="nav-notices-mobile" />
                </Suspense>
              )}
              <LanguageToggle testId="nav-language-switcher-mobile" className="px-2" />
              {/* A link to the footer's navigation until the scripts run (or without them); then it opens the menu sheet. */}
              <a
                href="#site-footer"
                role="button"
                aria-label={t('nav.openMenu')}
                aria-haspopup="dialog"
                aria-expanded={menuOpen}
                data-testid="nav-menu-button"
                onPointerEnter={() => void loadMobileMenu()}
                onFocus={() => void loadMobileMenu()}
                onClick={(event) => {
                  event.preventDefault();
                  setMenuUsed(true);
                  setMenuOpen(true);
                }}
                className={buttonClasses('ghost', 'icon', 'size-10')}
              >
                <Menu className="size-5" aria-hidden="true" />
              </a>
              {menuUsed && (
                <Suspense fallback={null}>
                  <MobileMenuSheet
                    open={menuOpen}
                    onOpenChange={setMenuOpen}
                    model={model}
                    firstName={user ? firstName : null}
                    onSignOut={handleSignOut}
                  />
                </Suspense>
              )}
            </div>
          </>
        )}
      </div>
      {onResults && !wide && (
        <div className="mx-auto flex max-w-7xl justify-center px-4 pb-2 sm:px-6">
          <TypeSwitcher />
        </div>
      )}
    </header>
  );
}
