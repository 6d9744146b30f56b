import { KeyRound, LogOut, ShieldCheck } from 'lucide-react';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { useLanguage } from '../../app/language.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { errorText } from '../../lib/error-message.ts';
import { useSignOutEverywhere } from '../../lib/session.ts';

/** Account security: sign out on every device, after a confirmation. */
export function SecurityCard() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const navigate = useNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const signOutEverywhere = useSignOutEverywhere();

  const confirm = () =>
    signOutEverywhere.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t('profile.security.done'));
        navigate(localize('/'), { replace: true });
      },
      onError: (error) => toast.error(t('profile.security.failed'), { description: errorText(t, error) }),
    });

  return (
    <Card as="section" aria-labelledby={`${id}-title`} data-testid="account-security" className="p-6 shadow-sm sm:p-8">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <ShieldCheck className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        {t('profile.security.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('profile.security.twoFactorText')}</p>
      <LocalizedLink to="/profile/security" className={buttonClasses('primary', 'md', 'mt-4')} data-testid="security-page-link">
        <KeyRound className="size-4" aria-hidden="true" />
        {t('profile.security.manage')}
      </LocalizedLink>
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-300">{t('profile.security.text')}</p>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('profile.security.confirmTitle')}
        description={t('profile.security.confirmText')}
        testId="sign-out-everywhere-dialog"
        trigger={
          <Button variant="secondary" className="mt-4" data-testid="sign-out-everywhere">
            <LogOut className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('profile.security.signOutEverywhere')}
          </Button>
        }
        confirmLabel={t('profile.security.signOutEverywhere')}
        confirmTestId="sign-out-everywhere-confirm"
        pending={signOutEverywhere.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
