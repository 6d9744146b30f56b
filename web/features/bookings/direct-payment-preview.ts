import type { TFunction } from '../../i18n/translator.ts';
import type { CancellationPreview } from '../../../core/contracts/money.ts';
import { formatPrice } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';

/**
 * What cancelling a stay paid to the host directly means (issue 37 item 11, decision 057). Lina holds
 * nothing, so nothing comes back through Lina; the policy still decides what the guest owes the
 * host: nothing when cancelling is free (or the host cancels), else the policy's share of the total,
 * settled between them. The sentence never says "nothing is refunded" beside a policy that keeps money.
 */
export function directPaymentPreview(
  t: TFunction,
  preview: Pick<CancellationPreview, 'tier' | 'refund' | 'kept'>,
  language: Language,
): string {
  if (preview.tier === 'host') return t('hostMoney.cancel.directHost');
  if (preview.kept <= 0) return t('hostMoney.cancel.directFree');
  return t('hostMoney.cancel.directOwed', {
    kept: formatPrice(preview.kept, language),
    total: formatPrice(preview.kept + preview.refund, language),
  });
}
