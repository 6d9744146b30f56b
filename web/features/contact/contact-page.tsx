import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import type { SessionUser } from '../../../core/contracts/auth.ts';
import { contactCategories, contactLimits } from '../../../core/constants.ts';
import { supportContact, supportPhoneHref } from '../../../core/support-contact.ts';
import type { ContactMessageInput } from '../../../core/contact-schemas.ts';
import { InfoPage, InfoSection } from '../../components/info-page/info-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmailField, TextField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useLanguage } from '../../app/language.tsx';
import { track } from '../../lib/analytics.ts';
import { isApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-message.ts';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver.ts';
import { useSession } from '../../lib/session.ts';
import { Card } from '../../components/ui/card.tsx';
import { sendContactMessage } from './contact-api.ts';

// zod and the schema load on the first submit, not with the page.
const contactResolver = lazyZodResolver<ContactMessageInput>(() =>
  import('../../../core/contact-schemas.ts').then((module) => module.contactMessageSchema),
);

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

/** A member writes as themselves: their name and e-mail are filled in (and may still be changed). */
function memberDefaults(user: SessionUser | null): ContactMessageInput {
  return user ? { ...empty, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : empty;
}

function ContactForm() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { user } = useSession();
  const problemText = useProblemText();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput>({ resolver: contactResolver, defaultValues: memberDefaults(user) });

  // The session may arrive after the form is shown: fill in only the fields still empty, never over what was typed.
  useEffect(() => {
    const member = memberDefaults(user);
    for (const name of ['name', 'email'] as const) {
      if (member[name] && !getValues(name)) setValue(name, member[name]);
    }
  }, [user, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sendContactMessage(values);
      toast.success(t('contactPage.success'), { description: t('contactPage.successText') });
      track('contact_message_sent', '/contact', language, { category: values.category || null });
      reset(memberDefaults(user));
    } catch (caught) {
      if (isApiError(caught) && caught.fields) {
        for (const [field, code] of Object.entries(caught.fields)) {
          if ((fieldNames as readonly string[]).includes(field)) setError(field as FieldName, { message: code });
        }
      }
      toast.error(t('contactPage.failed'), { description: errorText(t, caught) });
    }
  });

  const error = (name: FieldName) => problemText(errors[name]?.message);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5 sm:grid-cols-2" data-testid="contact-form">
      <TextField
        id="contact-name"
        label={t('contactPage.name')}
        autoComplete="name"
        maxLength={contactLimits.name}
        error={error('name')}
        {...register('name')}
        data-testid="contact-name"
      />
      <EmailField
        id="contact-email"
        label={t('contactPage.email')}
        maxLength={contactLimits.email}
        error={error('email')}
        {...register('email')}
        data-testid="contact-email"
      />
      <TextField
        id="contact-subject"
        label={t('contactPage.subject')}
        maxLength={contactLimits.subject}
        error={error('subject')}
        {...register('subject')}
        data-testid="contact-subject"
      />
      <SelectField
        id="contact-category"
        label={`${t('contactPage.category')} (${t('contactPage.optional')})`}
        error={error('category')}
        {...register('category')}
        data-testid="contact-category"
      >
        <option value="">{t('contactPage.categoryNone')}</option>
        {contactCategories.map((category) => (
          <option key={category} value={category}>
            {t(`contactPage.categories.${category}`)}
          </option>
        ))}
      </SelectField>
      <TextareaField
        id="contact-message"
        label={t('contactPage.message')}
        error={error('message')}
        className="sm:col-span-2"
        textareaClassName="h-auto py-3"
        rows={6}
        maxLength={contactLimits.message}
        placeholder={t('contactPage.messagePlaceholder')}
        {...register('message')}
        data-testid="contact-message"
      />
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
    {
      icon: Mail,
      label: t('contactPage.emailLabel'),
      value: (
        <a
          href={`mailto:${supportContact.email}`}
          dir="ltr"
          className="text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
        >
          {supportContact.email}
        </a>
      ),
    },
    {
      icon: Phone,
      label: t('contactPage.phoneLabel'),
      value: (
        <a href={supportPhoneHref} dir="ltr" className="text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
          {supportContact.phone}
        </a>
      ),
    },
    { icon: Clock, label: t('contactPage.hoursLabel'), value: t('support.hours', supportContact.hours) },
    { icon: MapPin, label: t('contactPage.officeLabel'), value: t('contactPage.office') },
  ];
  return (
    <Card as="aside" aria-labelledby="contact-info" className="flex flex-col gap-5 p-6 shadow-xs" data-testid="contact-info">
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
      <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-950 dark:text-brand-100">
        {t('contactPage.replyPromise')}
      </p>
    </Card>
  );
}

export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <InfoPage icon={MessageCircle} title={t('contactPage.title')} intro={t('contactPage.intro')} testId="page-contact">
      <div className="grid gap-8 lg:grid-cols-3">
        <Card as="section" aria-labelledby="contact-form-title" className="flex flex-col gap-6 p-6 shadow-xs sm:p-8 lg:col-span-2">
          <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900 dark:text-white">
            {t('contactPage.formTitle')}
          </h2>
          <ContactForm />
        </Card>
        <ContactInfo />
      </div>
      <InfoSection id="contact-faq" title={t('contactPage.faqTitle')}>
        <div className="grid gap-4 md:grid-cols-2" data-testid="contact-faq">
          {faqKeys.map((key) => (
            <Card as="details" key={key} className="group p-5 open:shadow-sm">
              <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden dark:text-white">
                {t(`contactPage.faq.${key}.q`)}
              </summary>
              <p className="mt-3 text-sm leading-6 text-slate-600 dark:text-slate-300">{t(`contactPage.faq.${key}.a`)}</p>
            </Card>
          ))}
        </div>
      </InfoSection>
    </InfoPage>
  );
}
