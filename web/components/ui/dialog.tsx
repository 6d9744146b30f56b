import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { Button, buttonClasses } from './button.tsx';
import { cardClasses } from './card.tsx';

/**
 * The one place the app wires Radix Dialog: focus moves inside and is trapped, Escape and an outside
 * click close, focus returns to the trigger. Content takes the page's direction (the portal renders
 * outside the page's element), so Hebrew dialogs lay out right to left.
 */

type ContentProps = Omit<ComponentProps<typeof RadixDialog.Content>, 'dir' | 'className'>;

interface DialogShellProps extends ContentProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (rendered as is, with the dialog's open handling). */
  trigger?: ReactElement;
  overlayClassName?: string;
  className: string;
  testId?: string;
}

const defaultOverlay = 'fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm data-[state=open]:animate-overlay-in';

/** Root, trigger, portal, overlay and content: for dialogs with their own layout (sheets, popovers, viewers). */
export function DialogShell({
  open,
  onOpenChange,
  trigger,
  overlayClassName = defaultOverlay,
  className,
  testId,
  children,
  ...contentProps
}: DialogShellProps) {
  const { i18n } = useTranslation();
  return (
    <RadixDialog.Root {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClassName} />
        <RadixDialog.Content dir={i18n.dir()} data-testid={testId} className={className} {...contentProps}>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The dialog's accessible name. */
export const DialogTitle = RadixDialog.Title;
/** The dialog's accessible description. */
export const DialogDescription = RadixDialog.Description;
/** Closes the dialog when its child (asChild) is activated. */
export const DialogClose = RadixDialog.Close;

/** An icon button that closes the dialog, named "Close" (or `label`) for screen readers. */
export function DialogCloseButton({ label, className, testId }: { label?: string; className?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Close
      aria-label={label ?? t('common.close')}
      data-testid={testId}
      className={className ?? buttonClasses('ghost', 'icon', '-me-2 -mt-2 size-9 shrink-0')}
    >
      <X className="size-5" aria-hidden="true" />
    </RadixDialog.Close>
  );
}

export type DialogSize = 'sm' | 'md' | 'lg' | 'wide';

const sizes: Record<DialogSize, string> = {
  sm: 'w-[min(26rem,calc(100vw-2rem))] p-6',
  md: 'w-[min(28rem,calc(100vw-2rem))] p-6',
  lg: 'w-[min(30rem,calc(100vw-2rem))] p-6',
  // A scrolling body under a fixed header, without padding: for threads and long content.
  wide: 'flex max-h-[min(40rem,calc(100dvh-2rem))] w-[min(36rem,calc(100vw-1.5rem))] flex-col',
};

interface DialogProps extends Omit<ContentProps, 'title'> {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactElement;
  title: ReactNode;
  description?: ReactNode;
  size?: DialogSize;
  /** An icon button at the header's end; dialogs with a Cancel button may leave it out. */
  closeButton?: boolean;
  testId?: string;
  children: ReactNode;
}

/** A centred modal card: a title, an optional description and close button, then the body. */
export function Dialog({ title, description, size = 'md', closeButton = true, children, ...shellProps }: DialogProps) {
  const wide = size === 'wide';
  return (
    <DialogShell
      {...(description ? {} : { 'aria-describedby': undefined })}
      {...shellProps}
      className={cn(
        cardClasses,
        'fixed inset-x-0 top-1/2 z-50 mx-auto -translate-y-1/2 shadow-2xl outline-none data-[state=open]:animate-fade-in',
        sizes[size],
      )}
    >
      <div className={cn('flex items-start gap-3', wide && 'border-b border-slate-200 px-5 py-4 dark:border-slate-800')}>
        <div className="min-w-0 flex-1">
          <DialogTitle className="text-lg font-semibold text-slate-900 dark:text-white">{title}</DialogTitle>
          {description && (
            <DialogDescription className="mt-1 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{description}</DialogDescription>
          )}
        </div>
        {closeButton && <DialogCloseButton />}
      </div>
      {children}
    </DialogShell>
  );
}

/** The row of buttons closing a dialog: Cancel, then the dialog's own action(s). */
export function DialogActions({ children, cancelLabel }: { children: ReactNode; cancelLabel?: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex flex-wrap justify-end gap-3">
      <DialogClose asChild>
        <Button variant="ghost">{cancelLabel ?? t('common.cancel')}</Button>
      </DialogClose>
      {children}
    </div>
  );
}
