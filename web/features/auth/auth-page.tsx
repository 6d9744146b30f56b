import { ArrowLeft, BadgeCheck, Headset, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { afterSignInPath } from '../../app/access.ts';
import { useLanguage } from '../../app/language.tsx';
import { LogoMark } from '../../components/logo.tsx';
import { cn } from '../../lib/cn.ts';
import { usePublicSettings } from '../../lib/settings.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useResetLinkState } from './auth-api.ts';
import { NewPasswordFormView, ResetRequestFormView } from './password-reset-forms.tsx';
import { SignInFormView } from './sign-in-form.tsx';
import { SignUpFormView } from './sign-up-form.tsx';
import { Card } from '../../components/ui/card.tsx';
import { keepScroll } from '../../app/scroll-restoration.tsx';

/** `?mode=`: sign-in (none), sign-up, forgot (reset request) or reset (with `token`, from the reset mail). */
type Mode = 'sign-in' | 'sign-up' | 'forgot' | 'reset';

function modeOf(params: URLSearchParams): Mode {
  const mode = params.get('mode');
  if (mode === 'sign-up' || mode === 'forgot') return mode;
  if (mode === 'reset') return params.get('token') ? 'reset' : 'forgot';
  return 'sign-in';
}

export default function AuthPage() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const navigate = useNavigate();
  const { launchMode } = usePublicSettings();
  const [params, setParams] = useSearchParams();
  const mode = modeOf(params);
  const tabsId = useId();
  const token = params.get('token') ?? '';
  const resetLink = useResetLinkState(mode === 'reset' ? token : null);
  const titles = {
    'sign-in': [t('auth.signInTitle'), t('auth.signInSubtitle')],
    'sign-up': [t('auth.signUpTitle'), t('auth.signUpSubtitle')],
    forgot: [t('auth.resetRequestTitle'), t('auth.resetRequestSubtitle')],
    reset:
      resetLink === 'used'
        ? [t('auth.resetLinkUsedTitle'), t('errors.codes.reset_link_used')]
        : resetLink === 'invalid'
          ? [t('auth.resetLinkInvalidTitle'), t('errors.codes.invalid_reset_token')]
          : [t('auth.newPasswordTitle'), t('auth.newPasswordSubtitle')],
  } as const;
  useDocumentTitle(mode === 'sign-in' ? t('auth.signIn') : mode === 'sign-up' ? t('auth.signUp') : titles[mode][0]);

  const setMode = (next: Mode) => {
    const updated = new URLSearchParams(params);
    updated.delete('token');
    if (next === 'sign-in') updated.delete('mode');
    else updated.set('mode', next);
    setParams(updated, { replace: next !== 'forgot', state: keepScroll });
  };
  const tabbed = mode === 'sign-in' || mode === 'sign-up';

  const onSignedIn = () => navigate(localize(afterSignInPath(launchMode, params.get('next'))), { replace: true });

  const perks = [
    { Icon: ShieldCheck, text: t('auth.perks.verified') },
    { Icon: BadgeCheck, text: t('auth.perks.guarantee') },
    { Icon: Headset, text: t('auth.perks.support') },
  ];

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 sm:px-6 md:py-16 lg:grid-cols-2 lg:items-center lg:px-8">
      <section className="hidden flex-col gap-6 lg:flex">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-indigo-700 p-10 text-white shadow-xl">
          <div className="absolute -end-16 -top-16 size-56 rounded-full bg-white/10 blur-2xl" aria-hidden="true" />
          <div className="absolute -bottom-20 -start-10 size-64 rounded-full bg-indigo-400/20 blur-3xl" aria-hidden="true" />
          <LogoMark className="relative size-12 ring-2 ring-white/30 rounded-[10px]" />
          <h2 className="relative mt-6 text-3xl font-bold leading-tight">{t('auth.panelTitle')}</h2>
          <p className="relative mt-3 text-base leading-7 text-brand-50/90">{t('auth.panelText')}</p>
          <ul className="relative mt-8 flex flex-col gap-4">
            {perks.map(({ Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-sm font-medium">
                <span className="flex size-9 items-center justify-center rounded-xl bg-white/15">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Card as="section" className="mx-auto w-full max-w-md p-6 shadow-sm sm:p-8">
        {!tabbed && (
          <button
            type="button"
            onClick={() => setMode('sign-in')}
            data-testid="auth-back"
            className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-400 dark:hover:text-white"
          >
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('auth.backToSignIn')}
          </button>
        )}
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white" data-testid="auth-heading">
          {titles[mode][0]}
        </h1>
        <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{titles[mode][1]}</p>

        {tabbed && (
          <div
            role="tablist"
            aria-label={t('auth.modeLabel')}
            className="mt-6 grid grid-cols-2 rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
            onKeyDown={(event) => {
              if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End') {
                event.preventDefault();
                const next: Mode = mode === 'sign-in' ? 'sign-up' : 'sign-in';
                setMode(next);
                document.getElementById(`${tabsId}-${next}-tab`)?.focus();
              }
            }}
          >
            {(['sign-in', 'sign-up'] as const).map((option) => (
              <button
                key={option}
                id={`${tabsId}-${option}-tab`}
                type="button"
                role="tab"
                aria-selected={mode === option}
                aria-controls={`${tabsId}-panel`}
                tabIndex={mode === option ? 0 : -1}
                onClick={() => setMode(option)}
                data-testid={`auth-mode-${option}`}
                className={cn(
                  'rounded-lg py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-500',
                  mode === option
                    ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
                )}
              >
                {option === 'sign-in' ? t('auth.signIn') : t('auth.signUp')}
              </button>
            ))}
          </div>
        )}

        {tabbed ? (
          <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${mode}-tab`} className="mt-6">
            {mode === 'sign-in' ? (
              <SignInFormView onDone={onSignedIn} onForgot={() => setMode('forgot')} />
            ) : (
              <SignUpFormView onCreated={() => setMode('sign-in')} />
            )}
          </div>
        ) : (
          <div className="mt-6">
            {mode === 'forgot' ? (
              <ResetRequestFormView onBack={() => setMode('sign-in')} />
            ) : (
              <NewPasswordFormView
                token={token}
                linkState={resetLink}
                onDone={() => setMode('sign-in')}
                onRequestNew={() => setMode('forgot')}
              />
            )}
          </div>
        )}

        {tabbed && (
          <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
            {mode === 'sign-in' ? t('auth.noAccount') : t('auth.haveAccount')}{' '}
            <button
              type="button"
              onClick={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
              className="rounded font-semibold text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-400"
            >
              {mode === 'sign-in' ? t('auth.signUp') : t('auth.signIn')}
            </button>
          </p>
        )}
      </Card>
    </div>
  );
}
