import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { contactCategories } from '../../../core/constants.ts';
import { contactLimits, contactMessageSchema, type ContactMessageInput } from '../../../core/contact-schemas.ts';
import { InfoPage, InfoSection } from '../../components/info-page/info-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { describedBy, EmailField, Field, inputClasses, TextField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useLanguage } from '../../app/language.tsx';
import { track } from '../../lib/analytics.ts';
import { isApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { errorMessageKey } from '../../lib/error-message.ts';
import { sendContactMessage } from './contact-api.ts';

const supportEmail = 'support@lina.co.il';
const supportPhone = '+972-3-555-0100';

const faqKeys = ['response', 'booking', 'verification', 'hosting'] as const;
const fieldNames = ['name', 'email', 'subject', 'category', 'message'] as const;
type FieldName = (typeof fieldNames)[number];

/** A problem code from the shared schema or the server, as a translated message. */
function useProblemText() {
  const { t } = useTranslation();
  return (code: string | undefined) => {
    if (!code) return undefined;
    if (code === 'invalid_email') return t('contactPage.errors.invalid_email');
    if (code === 'too_long') return t('contactPage.errors.too_long');
    return t('contactPage.errors.required');
  };
}

const empty: ContactMessageInput = { name: '', email: '', subject: '', category: '', message: '' };

function ContactForm() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const problemText = useProblemText();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput>({ resolver: zodResolver(contactMessageSchema), defaultValues: empty });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sendContactMessage(values);
      toast.success(t('contactPage.success'), { description: t('contactPage.successText') });
      track('contact_message_sent', '/contact', language, { category: values.category || null });
      reset(empty);
    } catch (caught) {
      if (isApiError(caught) && caught.fields) {
        for (const [field, code] of Object.entries(caught.fields)) {
          if ((fieldNames as readonly string[]).includes(field)) setError(field as FieldName, { message: code });
        }
      }
      toast.error(t('contactPage.failed'), { description: t(errorMessageKey(caught)) });
    }
  });

  const error = (name: FieldName) => problemText(errors[name]?.message);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5 sm:grid-cols-2" data-testid="contact-form">
      <TextField id="contact-name" label={t('contactPage.name')} autoComplete="name" maxLength={contactLimits.name} error={error('name')} {...register('name')} data-testid="contact-name" />
      <EmailField id="contact-email" label={t('contactPage.email')} maxLength={contactLimits.email} error={error('email')} {...register('email')} data-testid="contact-email" />
      <TextField id="contact-subject" label={t('contactPage.subject')} maxLength={contactLimits.subject} error={error('subject')} {...register('subject')} data-testid="contact-subject" />
      <Field id="contact-category" label={`${t('contactPage.category')} (${t('contactPage.optional')})`} error={error('category')}>
        <select id="contact-category" className={inputClasses(Boolean(errors.category))} {...describedBy('contact-category', error('category'))} {...register('category')} data-testid="contact-category">
          <option value="">{t('contactPage.categoryNone')}</option>
          {contactCategories.map((category) => (
            <option key={category} value={category}>
              {t(`contactPage.categories.${category}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="contact-message" label={t('contactPage.message')} error={error('message')} className="sm:col-span-2">
        <textarea
          id="contact-message"
          rows={6}
          maxLength={contactLimits.message}
          placeholder={t('contactPage.messagePlaceholder')}
          className={cn(inputClasses(Boolean(errors.message)), 'h-auto py-3')}
          {...describedBy('contact-message', error('message'))}
          {...register('message')}
          data-testid="contact-message"
        />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={isSubmitting} data-testid="contact-submit">
          {isSubmitting && <Spinner className="size-4" />}
          {isSubmitting ? t('contactPage.sending') : t('contactPage.send')}
        </Button>
      </div>
    </form>
  );
}

function ContactInfo() {
  const { t } = useTranslation();
  const rows = [
    { icon: Mail, label: t('contactPage.emailLabel'), value: <a href={`mailto:${supportEmail}`} dir="ltr" className="text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">{supportEmail}</a> },
    { icon: Phone, label: t('contactPage.phoneLabel'), value: <a href={`tel:${supportPhone.replaceAll('-', '')}`} dir="ltr" className="text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">{supportPhone}</a> },
    { icon: Clock, label: t('contactPage.hoursLabel'), value: t('contactPage.hours') },
    { icon: MapPin, label: t('contactPage.officeLabel'), value: t('contactPage.office') },
  ];
  return (
    <aside aria-labelledby="contact-info" className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-xs dark:border-slate-800 dark:bg-slate-900" data-testid="contact-info">
      <h2 id="contact-info" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('contactPage.infoTitle')}
      </h2>
      <dl className="flex flex-col gap-4">
        {rows.map(({ icon: Icon, label, value }) => (
          <div key={label} className="flex flex-col gap-0.5">
            <dt className="flex items-center gap-3 text-sm font-medium text-slate-900 dark:text-white">
              <Icon className="size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
              {label}
            </dt>
            <dd className="ps-8 text-sm text-slate-600 dark:text-slate-300">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-950 dark:text-brand-100">{t('contactPage.replyPromise')}</p>
    </aside>
  );
}

export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <InfoPage icon={MessageCircle} title={t('contactPage.title')} intro={t('contactPage.intro')} testId="page-contact">
      <div className="grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="contact-form-title" className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-xs sm:p-8 lg:col-span-2 dark:border-slate-800 dark:bg-slate-900">
          <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900 dark:text-white">
            {t('contactPage.formTitle')}
          </h2>
          <ContactForm />
        </section>
        <ContactInfo />
      </div>
      <InfoSection id="contact-faq" title={t('contactPage.faqTitle')}>
        <div className="grid gap-4 md:grid-cols-2" data-testid="contact-faq">
          {faqKeys.map((key) => (
            <details key={key} className="group rounded-2xl border border-slate-200 bg-white p-5 open:shadow-sm dark:border-slate-800 dark:bg-slate-900">
              <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden dark:text-white">{t(`contactPage.faq.${key}.q`)}</summary>
              <p className="mt-3 text-sm leading-6 text-slate-600 dark:text-slate-300">{t(`contactPage.faq.${key}.a`)}</p>
            </details>
          ))}
        </div>
      </InfoSection>
    </InfoPage>
  );
}
