import {
  CalendarCheck,
  ChevronRight,
  Compass,
  Heart,
  House,
  KeyRound,
  LogIn,
  LogOut,
  ShieldCheck,
  Sparkles,
  UserRound,
} from 'lucide-react';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { timings } from '../../../core/constants.ts';
import { useLanguage } from '../../app/language.tsx';
import { cn } from '../../lib/cn.ts';
import { LocalizedLink } from '../localized-link.tsx';
import { ThemeRadioGroup } from '../theme-toggle.tsx';
import { buttonClasses } from '../ui/button.tsx';
import { NavBadge } from './nav-badge.tsx';
import type { NavItemKey, NavModel } from './nav-model.ts';
import { DialogCloseButton, DialogShell, DialogTitle } from '../ui/dialog.tsx';

const icons: Record<NavItemKey, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  explore: Compass,
  'become-host': Sparkles,
  'my-bookings': CalendarCheck,
  hosting: KeyRound,
  admin: ShieldCheck,
};

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  model: NavModel;
  /** First name of the signed-in user, null when signed out. */
  firstName: string | null;
  onSignOut: () => void;
}

/**
 * The collapsed menu below 768 px: a sheet sliding in from the inline end. Loaded on first use
 * (the trigger button lives in the nav bar), so desktop visitors never download the dialog code.
 */
export default function MobileMenuSheet({ open, onOpenChange: setOpen, model, firstName, onSignOut }: MobileMenuProps) {
  const { t } = useTranslation();
  const { barePath, language } = useLanguage();

  // Close when the viewport grows past the mobile breakpoint.
  useEffect(() => {
    const list = window.matchMedia(`(min-width: ${timings.mobileBreakpointPx}px)`);
    const onChange = () => list.matches && setOpen(false);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [setOpen]);

  const close = () => setOpen(false);
  const itemClass = (active: boolean) =>
    cn(
      'flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-500',
      active
        ? 'bg-brand-50 text-brand-800 dark:bg-brand-950/60 dark:text-brand-300'
        : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
    );
  const chevron = <ChevronRight className="ms-auto size-4 text-slate-400 rtl:-scale-x-100" aria-hidden="true" />;

  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      testId="mobile-menu"
      aria-describedby={undefined}
      overlayClassName="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-sm data-[state=open]:animate-overlay-in"
      className={cn(
        'fixed inset-y-0 end-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-white shadow-2xl outline-none dark:bg-slate-900',
        '[--sheet-from:100%] data-[state=open]:animate-sheet-in rtl:[--sheet-from:-100%]',
      )}
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <DialogTitle className="text-lg font-semibold text-slate-900 dark:text-white">{t('nav.menu')}</DialogTitle>
        <DialogCloseButton label={t('nav.closeMenu')} className={buttonClasses('ghost', 'icon', 'size-9')} />
      </div>

      <div className="flex-1 overflow-y-auto px-3 py-4">
        {firstName && (
          <p className="px-3 pb-3 text-sm text-slate-600 dark:text-slate-300" data-testid="mobile-nav-welcome">
            {t('nav.welcome', { name: firstName })}
          </p>
        )}
        <nav aria-label={t('nav.mainNavigation')}>
          <ul className="flex flex-col gap-1">
            {!model.isHome && (
              <li>
                <LocalizedLink to="/" onClick={close} data-testid="mobile-nav-home" className={itemClass(false)}>
                  <House className="size-5" aria-hidden="true" />
                  {t('nav.home')}
                  {chevron}
                </LocalizedLink>
              </li>
            )}
            {model.items.map((item) => {
              const Icon = icons[item.key];
              const active = barePath === item.to;
              return (
                <li key={item.key}>
                  <LocalizedLink
                    to={item.to}
                    onClick={close}
                    data-testid={`mobile-nav-${item.key}`}
                    aria-current={active ? 'page' : undefined}
                    className={itemClass(active)}
                  >
                    <Icon className="size-5" aria-hidden={true} />
                    {t(item.label)}
                    <NavBadge count={item.badge} language={language} />
                    {chevron}
                  </LocalizedLink>
                </li>
              );
            })}
            {firstName && (
              <li>
                <LocalizedLink
                  to="/saved"
                  onClick={close}
                  data-testid="mobile-nav-saved"
                  aria-current={barePath === '/saved' ? 'page' : undefined}
                  className={itemClass(barePath === '/saved')}
                >
                  <Heart className="size-5" aria-hidden="true" />
                  {t('nav.saved')}
                  {chevron}
                </LocalizedLink>
              </li>
            )}
            {firstName && !model.isProfile && (
              <li>
                <LocalizedLink to="/profile" onClick={close} data-testid="mobile-nav-profile" className={itemClass(false)}>
                  <UserRound className="size-5" aria-hidden="true" />
                  {t('nav.profile')}
                  {chevron}
                </LocalizedLink>
              </li>
            )}
          </ul>
        </nav>
      </div>

      <div className="flex flex-col gap-4 border-t border-slate-200 px-5 py-5 dark:border-slate-800">
        <ThemeRadioGroup testId="mobile-theme-options" stacked />
        {firstName ? (
          <button
            type="button"
            onClick={() => {
              close();
              onSignOut();
            }}
            data-testid="mobile-nav-sign-out"
            className={buttonClasses('secondary', 'lg', 'w-full')}
          >
            <LogOut className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('nav.signOut')}
          </button>
        ) : (
          <LocalizedLink to="/auth" onClick={close} data-testid="mobile-nav-sign-in" className={buttonClasses('primary', 'lg', 'w-full')}>
            <LogIn className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('nav.signIn')}
          </LocalizedLink>
        )}
      </div>
    </DialogShell>
  );
}
