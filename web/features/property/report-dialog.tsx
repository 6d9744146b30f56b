import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from '../../lib/toast.ts';
import type { ReportCreate } from '../../../core/admin-rules.ts';
import { reportReasons, type ReportReason } from '../../../core/constants.ts';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../components/ui/dialog.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
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
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      trigger={children}
      title={title}
      description={t('report.text')}
      size="lg"
      closeButton={false}
      testId={`${testId}-dialog`}
    >
      <form onSubmit={submit} noValidate>
        <SelectField
          id={`${id}-reason`}
          label={t('report.reason')}
          error={error}
          className="mt-4"
          value={reason}
          required
          onChange={(event) => {
            setReason(event.target.value as ReportReason | '');
            setError(undefined);
          }}
          data-testid="report-reason"
        >
          <option value="">{t('report.chooseReason')}</option>
          {reportReasons.map((value) => (
            <option key={value} value={value}>
              {t(`report.reasons.${value}`)}
            </option>
          ))}
        </SelectField>
        <TextareaField
          id={`${id}-details`}
          label={t('report.details')}
          className="mt-4"
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          rows={4}
          maxLength={detailsMaxLength}
          data-testid="report-details"
        />
        <DialogActions>
          <Button type="submit" disabled={send.isPending} data-testid="report-send">
            {send.isPending && <Spinner className="size-4" />}
            {t('report.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
