import { HandCoins } from 'lucide-react';
import { useId, useState } from 'react';
import type { PayoutDue, PayoutMethod } from '../../../core/contracts/finance.ts';
import { formatPrice } from '../../../core/format.ts';
import { bankName, maskAccountNumber } from '../../../core/payout-methods.ts';
import { useLanguage } from '../../app/language.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRecordFeePayment } from './finance-api.ts';
import { useActionFeedback } from './query-state.tsx';

/**
 * A host's bank account for payouts (decision 057): masked in the Finance table, in full in the
 * payout dialog where the admin copies it into the bank's transfer form.
 */
export function PayoutMethodLine({ method, masked = false }: { method: PayoutMethod | null; masked?: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (!method) return <span className="text-xs text-slate-500 dark:text-slate-400">{t('hostMoney.admin.noMethod')}</span>;
  return (
    <span className="text-xs text-slate-600 dark:text-slate-400" data-testid="finance-payout-method">
      {t('hostMoney.payoutMethod.current', {
        bank: bankName(method.bankCode, language),
        branch: method.branch,
        account: masked ? maskAccountNumber(method.accountNumber) : method.accountNumber,
      })}
      {masked ? null : ` · ${method.accountHolder}`}
    </span>
  );
}

/** Recording fees a host paid by bank transfer: the amount (at most what they owe) and the transfer's reference. */
export function FeePaymentDialog({ host }: { host: PayoutDue }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(String(host.owes));
  const [reference, setReference] = useState('');
  const [error, setError] = useState<{ amount?: string; reference?: string }>({});
  const record = useRecordFeePayment();
  const feedback = useActionFeedback();
  const name = host.name || host.email;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    const problems = {
      ...(!Number.isInteger(value) || value < 1 || value > host.owes
        ? { amount: t('hostMoney.admin.amountInvalid', { owes: formatPrice(host.owes, language) }) }
        : {}),
      ...(reference.trim() ? {} : { reference: t('admin.finance.referenceRequired') }),
    };
    setError(problems);
    if (problems.amount || problems.reference) return;
    try {
      await feedback(
        () => record.mutateAsync({ hostId: host.hostId, amount: value, reference: reference.trim() }),
        t('hostMoney.admin.recorded', { amount: formatPrice(value, language) }),
      );
      setOpen(false);
      setReference('');
    } catch {
      // The toast says what went wrong; the dialog stays open.
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setAmount(String(host.owes));
      }}
      trigger={
        <Button size="sm" variant="secondary" data-testid="finance-record-fee">
          <HandCoins className="size-4" aria-hidden="true" />
          {t('hostMoney.admin.recordFee')}
        </Button>
      }
      title={t('hostMoney.admin.recordTitle', { name })}
      description={t('hostMoney.admin.recordDescription', { name, owes: formatPrice(host.owes, language) })}
      size="lg"
      closeButton={false}
      testId="finance-fee-dialog"
    >
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {t('hostMoney.admin.expectedReference')}{' '}
        <bdi dir="ltr" className="font-mono">
          {host.feeReference}
        </bdi>
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-amount`}
          label={t('admin.finance.amount')}
          type="number"
          inputMode="numeric"
          min={1}
          max={host.owes}
          step={1}
          dir="ltr"
          value={amount}
          error={error.amount}
          onChange={(event) => setAmount(event.target.value)}
          data-testid="finance-fee-amount"
        />
        <TextField
          id={`${id}-reference`}
          label={t('admin.finance.reference')}
          dir="ltr"
          maxLength={100}
          value={reference}
          error={error.reference}
          onChange={(event) => setReference(event.target.value)}
          data-testid="finance-fee-reference"
        />
        <div className="sm:col-span-2">
          <DialogActions>
            <Button type="submit" disabled={record.isPending} data-testid="finance-fee-confirm">
              {record.isPending && <Spinner className="size-4" />}
              {t('hostMoney.admin.confirm')}
            </Button>
          </DialogActions>
        </div>
      </form>
    </Dialog>
  );
}
