import { Mail } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useLanguage } from '../../app/language.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { useNewsletterSignup } from '../../lib/use-newsletter-signup.ts';

/** The blog's newsletter box: the same subscription as the footer's, recorded as coming from the blog. */
export function BlogNewsletter() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { inputId, errorId, inputProps, error, pending, submit } = useNewsletterSignup(language, 'blog');

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      data-testid="blog-newsletter"
      className="rounded-3xl bg-gradient-to-br from-brand-600 to-indigo-700 px-6 py-10 text-white sm:px-10"
    >
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 text-center">
        <Mail className="size-8" aria-hidden="true" />
        <h2 id={`${inputId}-title`} className="text-2xl font-bold">
          {t('blog.newsletter.title')}
        </h2>
        <p className="text-brand-50">{t('blog.newsletter.text')}</p>
        <form onSubmit={(event) => void submit(event)} noValidate className="flex w-full flex-col gap-2 sm:flex-row">
          <label htmlFor={inputId} className="sr-only">
            {t('footer.emailLabel')}
          </label>
          <input
            {...inputProps}
            aria-describedby={error ? errorId : undefined}
            data-testid="blog-newsletter-email"
            className={cn(
              'h-11 min-w-0 flex-1 rounded-xl border bg-white px-4 text-slate-900 placeholder:text-slate-500 rtl:text-end',
              'focus-visible:ring-2 focus-visible:ring-white/70',
              error ? 'border-rose-400' : 'border-transparent',
            )}
          />
          <Button type="submit" variant="secondary" size="lg" disabled={pending} data-testid="blog-newsletter-submit">
            {pending && <Spinner className="size-4" />}
            {pending ? t('footer.subscribing') : t('footer.subscribe')}
          </Button>
        </form>
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-white">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
