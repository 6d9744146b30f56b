import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/language.tsx';
import { cn } from '../../lib/cn.ts';

interface BookingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  testId: string;
  /** Wider, taller and without padding in the body: for the message thread. */
  wide?: boolean;
}

/** The modal frame every booking dialog shares (cancel, messages, review). */
export function BookingDialog({ open, onOpenChange, title, description, children, testId, wide = false }: BookingDialogProps) {
  const { t } = useTranslation();
  const { dir } = useLanguage();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm data-[state=open]:animate-overlay-in" />
        <Dialog.Content
          dir={dir}
          data-testid={testId}
          className={cn(
            'fixed inset-x-0 top-1/2 z-50 mx-auto -translate-y-1/2 rounded-2xl border border-slate-200 bg-white shadow-2xl outline-none data-[state=open]:animate-fade-in dark:border-slate-800 dark:bg-slate-900',
            wide ? 'flex max-h-[min(40rem,calc(100dvh-2rem))] w-[min(36rem,calc(100vw-1.5rem))] flex-col' : 'w-[min(28rem,calc(100vw-2rem))] p-6',
          )}
        >
          <div className={cn('flex items-start gap-3', wide && 'border-b border-slate-200 px-5 py-4 dark:border-slate-800')}>
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{description}</Dialog.Description>
            </div>
            {wide ? (
              <Dialog.Close
                aria-label={t('common.close')}
                className="-me-1 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
              >
                <X className="size-5" aria-hidden="true" />
              </Dialog.Close>
            ) : null}
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
