import { HandCoins } from 'lucide-react';
import type { PayoutDue, PayoutMethod } from '../../../core/contracts/finance.ts';
import { formatPrice } from '../../../core/format.ts';
import { bankName, maskAccountNumber } from '../../../core/payout-methods.ts';
import { useLanguage } from '../../app/language.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRecordFeePayment } from './finance-api.ts';
import { TransferDialog } from './transfer-dialog.tsx';

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
  const record = useRecordFeePayment();
  const name = host.name || host.email;
  return (
    <TransferDialog
      max={host.owes}
      trigger={{ icon: HandCoins, label: t('hostMoney.admin.recordFee') }}
      title={t('hostMoney.admin.recordTitle', { name })}
      description={t('hostMoney.admin.recordDescription', { name, owes: formatPrice(host.owes, language) })}
      amountInvalid={t('hostMoney.admin.amountInvalid', { owes: formatPrice(host.owes, language) })}
      confirmLabel={t('hostMoney.admin.confirm')}
      recorded={(amount) => t('hostMoney.admin.recorded', { amount: formatPrice(amount, language) })}
      record={(input) => record.mutateAsync({ hostId: host.hostId, ...input })}
      pending={record.isPending}
      testId="finance-fee"
      triggerTestId="finance-record-fee"
    >
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {t('hostMoney.admin.expectedReference')}{' '}
        <bdi dir="ltr" className="font-mono">
          {host.feeReference}
        </bdi>
      </p>
    </TransferDialog>
  );
}
