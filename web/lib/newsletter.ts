import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { SubscribeBody } from '../../core/contracts/newsletter.ts';
import type { Language } from '../../core/languages.ts';
import { api } from './api-client.ts';
import { errorMessageKey } from './error-message.ts';

/** Subscribes an address; a confirmation link is mailed (the answer is the same whether or not it was subscribed). */
export const subscribeToNewsletter = (body: SubscribeBody) => api.post('/api/newsletter', body);

/**
 * The state of a newsletter box (the footer's, the blog's): the address is checked here, the
 * outcome is a toast. The e-mail rule is loaded on the first submit, so that pages that never
 * subscribe do not carry the schema library.
 */
export function useNewsletterForm(source: NonNullable<SubscribeBody['source']>, language: Language) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
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
      await subscribeToNewsletter({ email: parsed.data, language, source });
      setEmail('');
      toast.success(t('footer.subscribed'), { description: t('footer.subscribedText') });
    } catch (caught) {
      toast.error(t('footer.subscribeFailed'), { description: t(errorMessageKey(caught)) });
    } finally {
      setPending(false);
    }
  };

  return { email, setEmail, error, setError, pending, onSubmit };
}
