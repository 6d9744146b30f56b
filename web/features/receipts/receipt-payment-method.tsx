import { useTranslation } from '../../i18n/use-translation.tsx';
import type { Receipt } from '../../../core/contracts/receipts.ts';

/**
 * The receipt's line on how the stay is paid (issue 37 item 8, decision 057). A stay paid on arrival
 * is paid once the guest has arrived: until then the receipt says how it will be paid, never "Paid";
 * a cancelled one was never paid through Lina.
 */
export function ReceiptPaymentMethod({ receipt }: { receipt: Pick<Receipt, 'paymentMethod' | 'paymentStatus' | 'status'> }) {
  const { t } = useTranslation();
  const unpaidOnArrival = receipt.paymentMethod === 'on_arrival' && receipt.status !== 'completed';
  return (
    <p data-testid="receipt-method">
      <span className="font-medium">{unpaidOnArrival ? t('hostMoney.receipt.howPaid') : t('receipts.method')}: </span>
      {unpaidOnArrival
        ? t(receipt.status === 'cancelled' ? 'hostMoney.receipt.onArrivalCancelled' : 'hostMoney.receipt.onArrivalUnpaid')
        : t(`receipts.methods.${receipt.paymentMethod}`)}
    </p>
  );
}
