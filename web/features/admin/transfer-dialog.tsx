import type { LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useActionFeedback } from './query-state.tsx';

type Props = {
  /** The most the amount may be (what is due or owed), and its starting value. */
  max: number;
  trigger: { icon: LucideIcon; label: string };
  title: string;
  description: string;
  /** Said when the amount is not a whole number from 1 to `max`. */
  amountInvalid: string;
  confirmLabel: string;
  /** The toast after `record` succeeded, for the amount recorded. */
  recorded: (amount: number) => string;
  record: (input: { amount: number; reference: string }) => Promise<unknown>;
  pending: boolean;
  /** Test ids: `${testId}-amount`, `-reference`, `-confirm`; the dialog is `${testId}-dialog`, the trigger `triggerTestId`. */
  testId: string;
  triggerTestId: string;
  children?: ReactNode;
};

/**
 * A bank transfer an admin records: an amount from 1 to what is due (a payout sent, or fees a host
 * paid) and the transfer's reference, both required. The dialog stays open when recording fails.
 */
export function TransferDialog(props: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(String(props.max));
  const [reference, setReference] = useState('');
  const [error, setError] = useState<{ amount?: string; reference?: string }>({});
  const feedback = useActionFeedback();
  const Icon = props.trigger.icon;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    const problems = {
      ...(!Number.isInteger(value) || value < 1 || value > props.max ? { amount: props.amountInvalid } : {}),
      ...(reference.trim() ? {} : { reference: t('admin.finance.referenceRequired') }),
    };
    setError(problems);
    if (problems.amount || problems.reference) return;
    try {
      await feedback(() => props.record({ amount: value, reference: reference.trim() }), props.recorded(value));
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
        if (next) setAmount(String(props.max));
      }}
      trigger={
        <Button size="sm" variant="secondary" data-testid={props.triggerTestId}>
          <Icon className="size-4" aria-hidden="true" />
          {props.trigger.label}
        </Button>
      }
      title={props.title}
      description={props.description}
      size="lg"
      closeButton={false}
      testId={`${props.testId}-dialog`}
    >
      {props.children}
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-amount`}
          label={t('admin.finance.amount')}
          type="number"
          inputMode="numeric"
          min={1}
          max={props.max}
          step={1}
          dir="ltr"
          value={amount}
          error={error.amount}
          onChange={(event) => setAmount(event.target.value)}
          data-testid={`${props.testId}-amount`}
        />
        <TextField
          id={`${id}-reference`}
          label={t('admin.finance.reference')}
          dir="ltr"
          maxLength={100}
          value={reference}
          error={error.reference}
          onChange={(event) => setReference(event.target.value)}
          data-testid={`${props.testId}-reference`}
        />
        <div className="sm:col-span-2">
          <DialogActions>
            <Button type="submit" disabled={props.pending} data-testid={`${props.testId}-confirm`}>
              {props.pending && <Spinner className="size-4" />}
              {props.confirmLabel}
            </Button>
          </DialogActions>
        </div>
      </form>
    </Dialog>
  );
}
