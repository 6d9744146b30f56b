import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/language.tsx';
import { Button, type ButtonVariant } from '../../components/ui/button.tsx';
import { describedBy, Field, inputClasses } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';

interface ActionDialogProps {
  trigger: ReactNode;
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
export function ActionDialog({ trigger, title, description, confirmLabel, confirmVariant = 'primary', textLabel, textRequired, pending, onConfirm, testId }: ActionDialogProps) {
  const { t } = useTranslation();
  const { dir } = useLanguage();
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
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm data-[state=open]:animate-overlay-in" />
        <Dialog.Content
          dir={dir}
          data-testid={testId}
          className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[min(30rem,calc(100vw-2rem))] -translate-y-1/2 rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl outline-none data-[state=open]:animate-fade-in dark:border-slate-800 dark:bg-slate-900"
        >
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">{description}</Dialog.Description>
            {textLabel && (
              <Field id={`${id}-text`} label={textLabel} error={error} className="mt-4">
                <textarea
                  id={`${id}-text`}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  rows={3}
                  maxLength={1000}
                  required={textRequired}
                  className={cn(inputClasses(Boolean(error)), 'h-auto py-2')}
                  {...describedBy(`${id}-text`, error)}
                />
              </Field>
            )}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="ghost">{t('common.cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" variant={confirmVariant} disabled={pending} data-testid={`${testId}-confirm`}>
                {pending && <Spinner className="size-4" />}
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
