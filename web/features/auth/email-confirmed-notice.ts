import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { keepScroll } from '../../app/scroll-restoration.tsx';

/**
 * The confirmation link in the sign-up mail lands on `/?emailConfirmed=1` (or `=0`): say how it went,
 * then drop the parameter so a reload or a shared URL does not say it again.
 */
export function useEmailConfirmedNotice() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const value = params.get('emailConfirmed');

  useEffect(() => {
    if (value === null) return;
    if (value === '1') toast.success(t('auth.emailConfirmed'), { id: 'email-confirmed' });
    else toast.error(t('auth.emailConfirmFailed'), { id: 'email-confirmed' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('emailConfirmed');
        return next;
      },
      { replace: true, state: keepScroll },
    );
  }, [value, setParams, t]);
}
