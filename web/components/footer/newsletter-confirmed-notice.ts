import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { keepScroll } from '../../app/scroll-restoration.tsx';

/**
 * The link in the newsletter confirmation mail lands on `/?newsletterConfirmed=1` (or `=0`): say how
 * it went, then drop the parameter so a reload does not say it again.
 */
export function useNewsletterConfirmedNotice() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const value = params.get('newsletterConfirmed');

  useEffect(() => {
    if (value === null) return;
    if (value === '1')
      toast.success(t('footer.newsletterConfirmed'), { id: 'newsletter-confirmed', description: t('footer.newsletterConfirmedText') });
    else toast.error(t('footer.newsletterConfirmFailed'), { id: 'newsletter-confirmed' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('newsletterConfirmed');
        return next;
      },
      { replace: true, state: keepScroll },
    );
  }, [value, setParams, t]);
}
