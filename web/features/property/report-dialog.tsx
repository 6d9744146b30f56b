import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { reportReasons, type ReportCreate, type ReportReason } from '../../../core/admin-rules.ts';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { describedBy, Field, inputClasses } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { errorMessageKey } from '../../lib/error-message.ts';
import { useSession } from '../../lib/session.ts';
import { fileReport } from './property-api.ts';
import { signInPathFrom } from './property-model.ts';

const detailsMaxLength = 2000;

type Target = { kind: 'listing'; listing: ListingDetail } | { kind: 'host'; listing: ListingDetail };

/**
 * "Report this listing" (or its host): a signed-in user tells the admins what is wrong; a visitor
 * is sent to sign in first. Hidden from the listing's own host.
 */
export function ReportButton({ target, className }: { target: Target; className?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const { listing, kind } = target;
  const label = kind === 'listing' ? t('report.action') : t('report.hostAction');
  const testId = kind === 'listing' ? 'report-listing' : 'report-host';
  if (user?.id === listing.host.id) return null;
  if (!user) {
    return (
      <LocalizedLink to={signInPathFrom(location)} className={cn(buttonClasses('ghost', 'sm'), className)} data-testid={testId}>
        <Flag className="size-4" aria-hidden="true" />
        {label}
      </LocalizedLink>
    );
  }
  return (
    <ReportDialog target={target} testId={testId}>
      <Button variant="ghost" size="sm" className={className} data-testid={testId}>
        <Flag className="size-4" aria-hidden="true" />
        {label}
      </Button>
    </ReportDialog>
  );
}

function ReportDialog({ target, testId, children }: { target: Target; testId: string; children: ReactElement }) {
  const { t } = useTranslation();
  const { dir } = useLanguage();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation({ mutationFn: fileReport });

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setReason('');
      setDetails('');
      setError(undefined);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(t('report.reasonRequired'));
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    const trimmed = details.trim();
    const body: ReportCreate =
      target.kind === 'listing'
        ? { targetType: 'property', propertyId: target.listing.id, reason, ...(trimmed ? { details: trimmed } : {}) }
        : { targetType: 'user', userId: target.listing.host.id, reason, ...(trimmed ? { details: trimmed } : {}) };
    send.mutate(body, {
      onSuccess: () => {
        toast.success(t('report.sent'));
        changeOpen(false);
      },
      // The dialog stays open, with what was written, to try again.
      onError: (failure) => toast.error(t('report.failed'), { description: t(errorMessageKey(failure)) }),
    });
  };

  const title = target.kind === 'listing' ? t('report.title') : t('report.hostTitle', { name: target.listing.host.firstName });
  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Trigger asChild>{children}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm data-[state=open]:animate-overlay-in" />
        <Dialog.Content
          dir={dir}
          data-testid={`${testId}-dialog`}
          className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[min(30rem,calc(100vw-2rem))] -translate-y-1/2 rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl outline-none data-[state=open]:animate-fade-in dark:border-slate-800 dark:bg-slate-900"
        >
          <form onSubmit={submit} noValidate>
            <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('report.text')}</Dialog.Description>
            <Field id={`${id}-reason`} label={t('report.reason')} error={error} className="mt-4">
              <select
                id={`${id}-reason`}
                value={reason}
                required
                onChange={(event) => {
                  setReason(event.target.value as ReportReason | '');
                  setError(undefined);
                }}
                className={inputClasses(Boolean(error))}
                data-testid="report-reason"
                {...describedBy(`${id}-reason`, error)}
              >
                <option value="">{t('report.chooseReason')}</option>
                {reportReasons.map((value) => (
                  <option key={value} value={value}>
                    {t(`report.reasons.${value}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={`${id}-details`} label={t('report.details')} className="mt-4">
              <textarea
                id={`${id}-details`}
                value={details}
                onChange={(event) => setDetails(event.target.value)}
                rows={4}
                maxLength={detailsMaxLength}
                className={cn(inputClasses(false), 'h-auto py-2')}
                data-testid="report-details"
              />
            </Field>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="ghost">{t('common.cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={send.isPending} data-testid="report-send">
                {send.isPending && <Spinner className="size-4" />}
                {t('report.send')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
