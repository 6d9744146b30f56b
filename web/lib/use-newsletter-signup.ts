import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { toast } from './toast.ts';
import type { SubscribeBody } from '../../core/contracts/newsletter.ts';
import type { Language } from '../../core/languages.ts';
import { api } from './api-client.ts';
import { errorText } from './error-message.ts';

/**
 * A newsletter sign-up form's state: the address, its error (cleared as the visitor types) and
 * the submission, recorded with where it came from. Success and failure are toasts; the address
 * is checked before sending (the schema loads on the first submit, keeping it out of every page).
 */
export function useNewsletterSignup(language: Language, source: NonNullable<SubscribeBody['source']>) {
  const { t } = useTranslation();
  const [email, setEmailValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const setEmail = (value: string) => {
    setEmailValue(value);
    if (error) setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const { emailSchema } = await import('../../core/auth-schemas.ts');
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(t('footer.invalidEmail'));
      return;
    }
    setError(null);
    setPending(true);
    try {
      await api.post('/api/newsletter', { body: { email: parsed.data, language, source } });
      setEmailValue('');
      toast.success(t('footer.subscribed'), { description: t('footer.subscribedText') });
    } catch (caught) {
      toast.error(t('footer.subscribeFailed'), { description: errorText(t, caught) });
    } finally {
      setPending(false);
    }
  };

  /** The e-mail input's value, handler and error wiring; addresses are written left to right, also on Hebrew pages. */
  const inputProps = {
    id: inputId,
    type: 'email',
    dir: 'ltr',
    autoComplete: 'email',
    inputMode: 'email',
    value: email,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setEmail(event.target.value),
    placeholder: t('footer.emailPlaceholder'),
    'aria-invalid': error ? true : undefined,
  } as const;

  return { inputId, errorId, inputProps, error, pending, submit };
}
