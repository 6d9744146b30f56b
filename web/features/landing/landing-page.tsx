import { BadgeCheck, CalendarRange, Headset, LogIn, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The coming-soon landing shown at / in prelaunch mode (sign-up cards arrive in a later issue). */
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
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-b from-brand-50 via-white to-slate-50 dark:from-brand-950/50 dark:via-slate-950 dark:to-slate-950" />
      <div aria-hidden="true" className="absolute -top-32 inset-x-0 -z-10 mx-auto size-[36rem] rounded-full bg-brand-300/30 blur-3xl dark:bg-brand-700/20" />
      <div className="mx-auto flex max-w-5xl flex-col items-center px-4 pt-16 pb-20 text-center sm:px-6 md:pt-24 lg:px-8">
        <span className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-4 py-1.5 text-sm font-medium text-brand-800 shadow-xs backdrop-blur dark:border-brand-800 dark:bg-slate-900/70 dark:text-brand-300">
          <Sparkles className="size-4" aria-hidden="true" />
          {t('pages.landing.badge')}
        </span>
        <h1 className="mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl md:text-6xl dark:text-white">
          {t('pages.landing.title')}
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-600 dark:text-slate-300">
          {t('pages.landing.description')}
        </p>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
          <LocalizedLink to="/auth" className={buttonClasses('primary', 'lg')} data-testid="landing-sign-in">
            <LogIn className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('pages.landing.memberSignIn')}
          </LocalizedLink>
        </div>
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
