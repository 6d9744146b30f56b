import { BadgeCheck, BadgePercent, Building2, CalendarRange, Headset, LogIn, Sparkles } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AdminLogin } from './admin-login-dialog.tsx';
import { RotatingHero } from './rotating-hero.tsx';
import { SignupCard } from './signup-card.tsx';

/** The coming-soon landing shown at / in prelaunch mode: rotating hero, two sign-up cards, admin entrance. */
export default function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.landing.badge'));
  const highlights = [
    { Icon: BadgeCheck, title: t('pages.landing.verifiedTitle'), text: t('pages.landing.verifiedText') },
    { Icon: CalendarRange, title: t('pages.landing.flexibleTitle'), text: t('pages.landing.flexibleText') },
    { Icon: Headset, title: t('pages.landing.supportTitle'), text: t('pages.landing.supportText') },
  ];
  return (
    <div className="relative isolate overflow-hidden" data-testid="page-landing">
      <AdminLogin />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-b from-brand-50 via-white to-slate-50 dark:from-brand-950/50 dark:via-slate-950 dark:to-slate-950"
      />
      <div
        aria-hidden="true"
        className="absolute -top-32 inset-x-0 -z-10 mx-auto size-[36rem] rounded-full bg-brand-300/30 blur-3xl dark:bg-brand-700/20"
      />
      <div className="mx-auto flex max-w-5xl flex-col items-center px-4 pt-16 pb-20 text-center sm:px-6 md:pt-24 lg:px-8">
        <span className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-4 py-1.5 text-sm font-medium text-brand-800 shadow-xs backdrop-blur dark:border-brand-800 dark:bg-slate-900/70 dark:text-brand-300">
          <Sparkles className="size-4" aria-hidden="true" />
          {t('pages.landing.badge')}
        </span>
        <RotatingHero />
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <LocalizedLink to="/auth" className={buttonClasses('secondary', 'lg')} data-testid="landing-sign-in">
            <LogIn className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('pages.landing.memberSignIn')}
          </LocalizedLink>
        </div>

        <section aria-labelledby="landing-cards-title" className="mt-14 w-full">
          <h2 id="landing-cards-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t('landing.cardsTitle')}
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-base text-slate-600 dark:text-slate-400">{t('landing.cardsText')}</p>
          <div className="mt-8 grid items-start gap-5 md:grid-cols-2">
            <SignupCard type="property_owner" icon={Building2} />
            <SignupCard type="discount_seeker" icon={BadgePercent} />
          </div>
        </section>

        <ul className="mt-16 grid w-full gap-4 text-start sm:grid-cols-3">
          {highlights.map(({ Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-white/80 p-6 shadow-sm backdrop-blur dark:border-slate-800 dark:bg-slate-900/70"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h2 className="mt-4 text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
              <p className="mt-1.5 text-sm leading-6 text-slate-600 dark:text-slate-400">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
