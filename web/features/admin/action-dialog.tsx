import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button, type ButtonVariant } from '../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../components/ui/dialog.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

interface ActionDialogProps {
  trigger: ReactElement;
  title: string;
  description: string;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  /** A text the admin writes (a reason, notes); required when `textRequired`. */
  textLabel?: string;
  textRequired?: boolean;
  pending: boolean;
  onConfirm: (text: string) => Promise<unknown>;
  testId: string;
}

/** A confirmation, optionally asking for a reason or notes, that closes once the action succeeded. */
export function ActionDialog({
  trigger,
  title,
  description,
  confirmLabel,
  confirmVariant = 'primary',
  textLabel,
  textRequired,
  pending,
  onConfirm,
  testId,
}: ActionDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (textRequired && text.trim().length < 3) {
      setError(t('admin.reasonRequired'));
      return;
    }
    try {
      await onConfirm(text.trim());
      setOpen(false);
      setText('');
      setError(undefined);
    } catch {
      // The caller's toast says what went wrong; the dialog stays open to try again.
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={title}
      description={description}
      size="lg"
      closeButton={false}
      testId={testId}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        {textLabel && (
          <TextareaField
            id={`${id}-text`}
            label={textLabel}
            error={error}
            className="mt-4"
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={3}
            maxLength={1000}
            required={textRequired}
          />
        )}
        <DialogActions>
          <Button type="submit" variant={confirmVariant} disabled={pending} data-testid={`${testId}-confirm`}>
            {pending && <Spinner className="size-4" />}
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
