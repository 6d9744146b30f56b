import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import type { ReportCreate } from '../../core/admin-schemas.ts';
import { reportReasons, type ReportReason } from '../../core/constants.ts';
import { api } from '../lib/api-client.ts';
import { errorText } from '../lib/error-message.ts';
import { toast } from '../lib/toast.ts';
import { Button } from './ui/button.tsx';
import { Dialog, DialogActions } from './ui/dialog.tsx';
import { SelectField } from './ui/select-field.tsx';
import { Spinner } from './ui/spinner.tsx';
import { TextareaField } from './ui/textarea-field.tsx';

const detailsMaxLength = 2000;

interface ReportDialogProps {
  title: string;
  testId: string;
  /** The report to file from the reason and the trimmed details. */
  toReport: (reason: ReportReason, details: string | undefined) => ReportCreate;
  /** The button that opens it. */
  children: ReactElement;
}

/**
 * The report form: a reason and optional details, sent to POST /api/reports for the admins
 * (listings, hosts, conversations). It stays open with what was written when sending fails.
 */
export function ReportDialog({ title, testId, toReport, children }: ReportDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation({ mutationFn: (report: ReportCreate) => api.post('/api/reports', { body: report }) });

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
    const body = toReport(reason, trimmed || undefined);
    send.mutate(body, {
      onSuccess: () => {
        toast.success(t('report.sent'));
        changeOpen(false);
      },
      // The dialog stays open, with what was written, to try again.
      onError: (failure) => toast.error(t('report.failed'), { description: errorText(t, failure) }),
    });
  };

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
