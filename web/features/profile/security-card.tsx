import * as Dialog from '@radix-ui/react-dialog';
import { LogOut, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useLanguage } from '../../app/language.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageKey } from '../../lib/error-message.ts';
import { useSignOutEverywhere } from '../../lib/session.ts';

/** Account security: sign out on every device, after a confirmation. */
export function SecurityCard() {
  const { t } = useTranslation();
  const { dir, localize } = useLanguage();
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
      onError: (error) => toast.error(t('profile.security.failed'), { description: t(errorMessageKey(error)) }),
    });

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="account-security"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <ShieldCheck className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        {t('profile.security.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('profile.security.text')}</p>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <Button variant="secondary" className="mt-4" data-testid="sign-out-everywhere">
            <LogOut className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('profile.security.signOutEverywhere')}
          </Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm data-[state=open]:animate-overlay-in" />
          <Dialog.Content
            dir={dir}
            role="alertdialog"
            data-testid="sign-out-everywhere-dialog"
            className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[min(28rem,calc(100vw-2rem))] -translate-y-1/2 rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl outline-none data-[state=open]:animate-fade-in dark:border-slate-800 dark:bg-slate-900"
          >
            <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{t('profile.security.confirmTitle')}</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('profile.security.confirmText')}</Dialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="ghost">{t('common.cancel')}</Button>
              </Dialog.Close>
              <Button variant="danger" onClick={confirm} disabled={signOutEverywhere.isPending} data-testid="sign-out-everywhere-confirm">
                {signOutEverywhere.isPending && <Spinner className="size-4" />}
                {t('profile.security.signOutEverywhere')}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
