import { Mail } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { timings } from '../../../core/constants.ts';
import { today } from '../../../core/dates.ts';
import { isLanguage, languages, type Language } from '../../../core/languages.ts';
import { decideAccess, type Access } from '../../app/access.ts';
import { useLanguage } from '../../app/language.tsx';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session.ts';
import { useNewsletterSignup } from '../../lib/use-newsletter-signup.ts';
import { usePublicSettings } from '../../lib/settings.ts';
import { LocalizedLink } from '../localized-link.tsx';
import { LogoMark } from '../logo.tsx';
import { languageNames } from '../nav-bar/language-toggle.tsx';
import { ThemeRadioGroup } from '../theme-toggle.tsx';
import { Button } from '../ui/button.tsx';
import { InlineError } from '../ui/inline-error.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon } from './social-icons.tsx';

// Each link's access is its route's (web/app/page-table.ts): the footer shows only what the reader may open.
const generalLinks = [
  { to: '/about', label: 'footer.about', testId: 'footer-about', access: 'public' },
  { to: '/careers', label: 'footer.careers', testId: 'footer-careers', access: 'public' },
  { to: '/blog', label: 'footer.blog', testId: 'footer-blog', access: 'public' },
  { to: '/features', label: 'footer.features', testId: 'footer-features', access: 'public' },
  { to: '/become-host', label: 'footer.becomeHost', testId: 'footer-become-host', access: 'public' },
] as const;

const supportLinks = [
  { to: '/help', label: 'footer.trustSafety', testId: 'footer-trust-safety', access: 'public' },
  { to: '/help-center', label: 'footer.helpCenter', testId: 'footer-help-center', access: 'public' },
  { to: '/privacy-policy', label: 'footer.privacyPolicy', testId: 'footer-privacy-policy', access: 'everyone' },
  { to: '/terms-of-service', label: 'footer.termsOfService', testId: 'footer-terms-of-service', access: 'everyone' },
  { to: '/accessibility', label: 'footer.accessibility', testId: 'footer-accessibility', access: 'everyone' },
  { to: '/contact', label: 'footer.contact', testId: 'footer-contact', access: 'public' },
] as const satisfies readonly { to: string; label: string; testId: string; access: Access }[];

const socialLinks = [
  { href: 'https://www.facebook.com/', label: 'footer.social.facebook', Icon: FacebookIcon, testId: 'social-facebook' },
  { href: 'https://www.instagram.com/', label: 'footer.social.instagram', Icon: InstagramIcon, testId: 'social-instagram' },
  { href: 'https://x.com/', label: 'footer.social.x', Icon: XIcon, testId: 'social-x' },
  { href: 'https://www.linkedin.com/', label: 'footer.social.linkedin', Icon: LinkedInIcon, testId: 'social-linkedin' },
] as const;

const linkClass =
  'rounded text-sm text-slate-600 transition-colors hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-400 dark:hover:text-brand-300';
const headingClass = 'text-sm font-semibold tracking-wide text-slate-900 dark:text-white';

type FooterLink = (typeof generalLinks)[number] | (typeof supportLinks)[number];

/** Whether the guard would show a route of this access to the current reader (nothing uncertain while loading). */
function useCanOpen() {
  const session = useSession();
  const settings = usePublicSettings();
  return (access: Access) => {
    if (access === 'everyone') return true;
    if (session.isLoading || settings.isLoading) return false;
    return decideAccess({ access, launchMode: settings.launchMode, user: session.user, currentPath: '/' }).kind === 'allow';
  };
}

function FooterLinkColumn({ id, title, links: all }: { id: string; title: string; links: readonly FooterLink[] }) {
  const { t } = useTranslation();
  const canOpen = useCanOpen();
  const links = all.filter((link) => canOpen(link.access));
  if (links.length === 0) return null;
  return (
    <nav aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      <ul className="flex flex-col gap-2.5">
        {links.map((link) => (
          <li key={link.to}>
            <LocalizedLink to={link.to} className={linkClass} data-testid={link.testId}>
              {t(link.label)}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NewsletterForm() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { inputId, errorId, inputProps, error, pending, submit } = useNewsletterSignup(language, 'footer');
  const hintId = useId();

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2" data-testid="newsletter-form">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {t('footer.emailLabel')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row md:flex-col xl:flex-row">
        {/* E-mail addresses are left-to-right text, also on Hebrew pages. */}
        <div className="relative flex-1" dir="ltr">
          <Mail className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <input
            {...inputProps}
            name="email"
            aria-describedby={error ? errorId : hintId}
            data-testid="newsletter-email"
            className={cn(
              'h-10 w-full min-w-0 rounded-xl border bg-white ps-9 pe-3 text-sm text-slate-900 placeholder:text-slate-400',
              'focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/40 dark:bg-slate-900 dark:text-white',
              error ? 'border-rose-500' : 'border-slate-300 dark:border-slate-700',
            )}
          />
        </div>
        <Button type="submit" disabled={pending} data-testid="newsletter-submit" className="shrink-0">
          {pending && <Spinner className="size-4" />}
          {pending ? t('footer.subscribing') : t('footer.subscribe')}
        </Button>
      </div>
      {error ? (
        <InlineError id={errorId} announce>
          {error}
        </InlineError>
      ) : (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {t('footer.newsletterHint')}
        </p>
      )}
    </form>
  );
}

function LanguageSelect() {
  const { t } = useTranslation();
  const { language, switchLanguage } = useLanguage();
  const [pending, setPending] = useState<Language | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const selectId = useId();

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => setPending(null), [language]);

  return (
    <div className="flex items-center gap-3">
      <label htmlFor={selectId} className="text-sm font-medium text-slate-600 dark:text-slate-300">
        {t('language.label')}
      </label>
      <select
        id={selectId}
        value={pending ?? language}
        data-testid="footer-language-select"
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          setPending(next);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => switchLanguage(next), timings.footerLanguageDelayMs);
        }}
        className="h-9 rounded-xl border border-slate-300 bg-white ps-3 pe-8 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:text-white"
      >
        {languages.map((option) => (
          <option key={option} value={option} lang={option}>
            {languageNames[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Footer() {
  const { t } = useTranslation();
  // Hydrated after the page (app/root-layout.tsx): taps and typing in it are held until it is, which
  // this mark says once React has committed it (web/index.html, web/lib/early-input.ts).
  const footer = useRef<HTMLElement>(null);
  useEffect(() => {
    footer.current?.setAttribute('data-hydrated', '');
  }, []);
  return (
    <footer
      ref={footer}
      id="site-footer"
      data-testid="footer"
      data-hydrates-later=""
      // Below the fold on most pages: drawn when near the screen, at its height at each width until then.
      className="drawn-when-near mt-auto border-t [--drawn-size:984px] sm:[--drawn-size:828px] md:[--drawn-size:528px] lg:[--drawn-size:444px] xl:[--drawn-size:408px] border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/60"
    >
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-[1.3fr_1fr_1fr_1.5fr] md:gap-8">
          <section aria-labelledby="footer-company" className="col-span-2 flex flex-col gap-4 md:col-span-1">
            <div className="flex items-center gap-2">
              <LogoMark />
              <h2 id="footer-company" className="text-xl font-bold text-slate-900 dark:text-white">
                {t('app.name')}
              </h2>
            </div>
            <p className="max-w-xs text-sm leading-6 text-slate-600 dark:text-slate-400">{t('footer.blurb')}</p>
          </section>

          <FooterLinkColumn id="footer-general" title={t('footer.general')} links={generalLinks} />
          <FooterLinkColumn id="footer-support" title={t('footer.support')} links={supportLinks} />

          <section aria-labelledby="footer-newsletter" className="col-span-2 flex flex-col gap-3 md:col-span-1">
            <h2 id="footer-newsletter" className={headingClass}>
              {t('footer.newsletterTitle')}
            </h2>
            <p className="text-sm leading-6 text-slate-600 dark:text-slate-400">{t('footer.newsletterText')}</p>
            <NewsletterForm />
          </section>
        </div>

        <div className="mt-10 flex flex-col gap-6 border-t border-slate-200 pt-8 dark:border-slate-800 lg:flex-row lg:items-center lg:justify-between">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-6">
            <ul className="flex items-center gap-2" aria-label={t('footer.followUs')}>
              {socialLinks.map(({ href, label, Icon, testId }) => (
                <li key={href}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t(label)}
                    title={t(label)}
                    data-testid={testId}
                    className="flex size-9 items-center justify-center rounded-full bg-slate-100 text-slate-600 transition-colors hover:bg-brand-100 hover:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-brand-900 dark:hover:text-brand-200"
                  >
                    <Icon className="size-4" />
                  </a>
                </li>
              ))}
            </ul>
            <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="footer-copyright">
              {t('footer.copyright', { year: today().slice(0, 4) })}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <LanguageSelect />
            <ThemeRadioGroup testId="theme-options" />
          </div>
        </div>
      </div>
    </footer>
  );
}
