import { Landmark } from 'lucide-react';
import { useId, useState } from 'react';
import type { HostEarnings } from '../../../core/contracts/host-listings.ts';
import type { HostPayoutSettings } from '../../../core/contracts/payout-methods.ts';
import { formatDate } from '../../../core/format-date.ts';
import { formatPrice } from '../../../core/format.ts';
import { accountNumberPattern, bankName, branchPattern, israeliBanks } from '../../../core/payout-methods.ts';
import { useLanguage } from '../../app/language.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { errorText } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useHostEarnings } from './host-listings-api.ts';
import { usePayoutSettings, useSavePayoutMethod } from './payout-method-api.ts';

/**
 * The host's money with the platform (issue 37 item 10, decision 057): the fees they owe for stays
 * paid to them directly, per month, with where and how to pay them; and the bank account their
 * payouts go to, which they add or change here.
 */
export function HostMoneyPanel() {
  const earnings = useHostEarnings();
  const settings = usePayoutSettings();
  if (!settings.data) return null;
  return (
    <div className="flex flex-col gap-6">
      {earnings.data ? <FeesOwed earnings={earnings.data} settings={settings.data} /> : null}
      <PayoutMethodCard settings={settings.data} />
    </div>
  );
}

function FeesOwed({ earnings, settings }: { earnings: HostEarnings; settings: HostPayoutSettings }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = (amount: number) => formatPrice(amount, language);
  const months = earnings.months.filter((month) => month.feesDue > 0 || month.feesPaid > 0);
  if (earnings.feesOwed === 0 && months.length === 0) return null;
  const { payTo, reference } = settings.feePayment;
  return (
    <Card as="section" aria-labelledby="host-fees-title" className="p-5 shadow-sm" data-testid="host-fees">
      <h2 id="host-fees-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('hostMoney.fees.title')}
      </h2>
      <p className="mt-1 max-w-2xl text-xs text-slate-500 dark:text-slate-400">{t('hostMoney.fees.intro')}</p>
      <p className="mt-3 text-base font-semibold text-slate-900 dark:text-white" data-testid="host-fees-owed">
        {earnings.feesOwed > 0 ? t('hostMoney.fees.owed', { amount: money(earnings.feesOwed) }) : t('hostMoney.fees.none')}
      </p>
      {months.length > 0 ? (
        <table className="mt-3 text-sm">
          <thead>
            <tr className="text-slate-500 dark:text-slate-400">
              <th scope="col" className="pe-6 text-start font-medium">
                {t('hostMoney.fees.month')}
              </th>
              <th scope="col" className="pe-6 text-end font-medium">
                {t('hostMoney.fees.feesDue')}
              </th>
              <th scope="col" className="text-end font-medium">
                {t('hostMoney.fees.feesPaid')}
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month} data-testid="host-fees-month">
                <th scope="row" className="pe-6 text-start font-normal">
                  {formatDate(new Date(`${month.month}-01T00:00:00`), 'monthYear', language)}
                </th>
                <td className="pe-6 text-end tabular-nums">{money(month.feesDue)}</td>
                <td className="text-end tabular-nums">{money(month.feesPaid)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {earnings.feesOwed > 0 ? (
        payTo ? (
          <div className="mt-4 rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-800/60" data-testid="host-fees-pay-to">
            <p className="mb-2 text-slate-700 dark:text-slate-300">{t('hostMoney.fees.howToPay')}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-slate-500 dark:text-slate-400">{t('hostMoney.fees.bank')}</dt>
              <dd>{`${bankName(payTo.bankCode, language)} (${payTo.bankCode})`}</dd>
              <dt className="text-slate-500 dark:text-slate-400">{t('hostMoney.fees.branch')}</dt>
              <dd dir="ltr" className="text-start tabular-nums">
                {payTo.branch}
              </dd>
              <dt className="text-slate-500 dark:text-slate-400">{t('hostMoney.fees.account')}</dt>
              <dd dir="ltr" className="text-start tabular-nums">
                {payTo.accountNumber}
              </dd>
              <dt className="text-slate-500 dark:text-slate-400">{t('hostMoney.fees.holder')}</dt>
              <dd>{payTo.accountHolder}</dd>
              <dt className="text-slate-500 dark:text-slate-400">{t('hostMoney.fees.reference')}</dt>
              <dd dir="ltr" className="text-start font-mono font-semibold" data-testid="host-fees-reference">
                {reference}
              </dd>
            </dl>
          </div>
        ) : (
          <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
            {t('hostMoney.fees.askSupport')}{' '}
            <bdi dir="ltr" className="font-mono font-semibold" data-testid="host-fees-reference">
              {reference}
            </bdi>
          </p>
        )
      ) : null}
    </Card>
  );
}

function PayoutMethodCard({ settings }: { settings: HostPayoutSettings }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const method = settings.payoutMethod;
  const [editing, setEditing] = useState(false);
  return (
    <Card as="section" aria-labelledby="host-payout-method-title" className="p-5 shadow-sm" data-testid="host-payout-method">
      <h2 id="host-payout-method-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <Landmark className="size-5 text-slate-400" aria-hidden="true" />
        {t('hostMoney.payoutMethod.title')}
      </h2>
      <p className="mt-1 max-w-2xl text-xs text-slate-500 dark:text-slate-400">{t('hostMoney.payoutMethod.intro')}</p>
      {editing ? (
        <PayoutMethodForm settings={settings} onDone={() => setEditing(false)} />
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="host-payout-method-current">
            {method
              ? `${t('hostMoney.payoutMethod.current', {
                  bank: bankName(method.bankCode, language),
                  branch: method.branch,
                  account: method.accountNumber,
                })} · ${method.accountHolder}`
              : t('hostMoney.payoutMethod.none')}
          </p>
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)} data-testid="host-payout-method-edit">
            {method ? t('hostMoney.payoutMethod.change') : t('hostMoney.payoutMethod.add')}
          </Button>
        </div>
      )}
    </Card>
  );
}

function PayoutMethodForm({ settings, onDone }: { settings: HostPayoutSettings; onDone: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  const save = useSavePayoutMethod();
  const current = settings.payoutMethod;
  const [bankCode, setBankCode] = useState<string>(current?.bankCode ?? '');
  const [branch, setBranch] = useState(current?.branch ?? '');
  const [accountNumber, setAccountNumber] = useState(current?.accountNumber ?? '');
  const [accountHolder, setAccountHolder] = useState(current?.accountHolder ?? '');
  const [error, setError] = useState<Partial<Record<'bank' | 'branch' | 'account' | 'holder', string>>>({});
  const digits = (value: string) => value.replace(/[\s-]/g, '');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = {
      ...(bankCode ? {} : { bank: t('hostMoney.payoutMethod.bankRequired') }),
      ...(branchPattern.test(digits(branch)) ? {} : { branch: t('hostMoney.payoutMethod.branchInvalid') }),
      ...(accountNumberPattern.test(digits(accountNumber)) ? {} : { account: t('hostMoney.payoutMethod.accountInvalid') }),
      ...(accountHolder.trim().length >= 2 ? {} : { holder: t('hostMoney.payoutMethod.holderRequired') }),
    };
    setError(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await save.mutateAsync({ bankCode: bankCode as (typeof israeliBanks)[number]['code'], branch, accountNumber, accountHolder });
      toast.success(t('hostMoney.payoutMethod.saved'));
      onDone();
    } catch (failure) {
      toast.error(errorText(t, failure));
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="mt-4 grid max-w-2xl gap-4 sm:grid-cols-2"
      data-testid="host-payout-form"
    >
      <SelectField
        id={`${id}-bank`}
        label={t('hostMoney.payoutMethod.bank')}
        value={bankCode}
        error={error.bank}
        onChange={(event) => setBankCode(event.target.value)}
        data-testid="host-payout-bank"
      >
        <option value="">{t('hostMoney.payoutMethod.chooseBank')}</option>
        {israeliBanks.map((bank) => (
          <option key={bank.code} value={bank.code}>
            {`${bank[language]} (${bank.code})`}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${id}-branch`}
        label={t('hostMoney.payoutMethod.branch')}
        inputMode="numeric"
        dir="ltr"
        maxLength={3}
        value={branch}
        error={error.branch}
        onChange={(event) => setBranch(event.target.value)}
        data-testid="host-payout-branch"
      />
      <TextField
        id={`${id}-account`}
        label={t('hostMoney.payoutMethod.accountNumber')}
        inputMode="numeric"
        dir="ltr"
        maxLength={15}
        value={accountNumber}
        error={error.account}
        onChange={(event) => setAccountNumber(event.target.value)}
        data-testid="host-payout-account"
      />
      <TextField
        id={`${id}-holder`}
        label={t('hostMoney.payoutMethod.accountHolder')}
        dir="auto"
        maxLength={100}
        value={accountHolder}
        error={error.holder}
        onChange={(event) => setAccountHolder(event.target.value)}
        data-testid="host-payout-holder"
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={save.isPending} data-testid="host-payout-save">
          {save.isPending && <Spinner className="size-4" />}
          {t('hostMoney.payoutMethod.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('hostMoney.payoutMethod.cancel')}
        </Button>
      </div>
    </form>
  );
}
