import type * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import {
  cloneElement,
  lazy,
  Suspense,
  useRef,
  useState,
  type ComponentProps,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cn } from '../../lib/cn.ts';
import { lazyChunk } from '../../lib/lazy-chunk.ts';
import { Button, buttonClasses } from './button.tsx';
import { cardClasses } from './card.tsx';
import { Spinner } from './spinner.tsx';
import type * as DialogRadix from './dialog-radix.tsx';
import type { RadixContentProps } from './dialog-radix.tsx';

/**
 * The one place the app wires Radix Dialog: focus moves inside and is trapped, Escape and an outside
 * click close, focus returns to the trigger. Content takes the page's direction (the portal renders
 * outside the page's element), so Hebrew dialogs lay out right to left.
 *
 * Radix is not part of any page's first load (issue 15): dialog-radix.tsx is fetched when the pointer
 * reaches a trigger or it gets focus, or when a dialog opens, and mounted from its first opening on.
 * The trigger is rendered here, outside Radix, with the attributes Radix's trigger would give it.
 */

type RadixModule = typeof DialogRadix;
const radixChunk = lazyChunk<RadixModule>(() => import('./dialog-radix.tsx'));

/** Fetches the Radix chunk ahead (a trigger does it on hover and focus). */
export function preloadDialog(): Promise<RadixModule> {
  return radixChunk.load();
}

const RadixShell = lazy(() => preloadDialog().then((module) => ({ default: module.RadixShell })));

/** A Radix part used inside a dialog's content, which renders only once the chunk has loaded. */
function loaded(): RadixModule {
  const radix = radixChunk.loaded();
  if (!radix) throw new Error('a dialog part rendered outside an open dialog');
  return radix;
}

interface DialogShellProps extends RadixContentProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (rendered as is, with the dialog's open handling). */
  trigger?: ReactElement;
  overlayClassName?: string;
  className: string;
  testId?: string;
}

interface TriggerProps {
  ref?: RefObject<HTMLElement | null>;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
  'data-state'?: string;
}

const defaultOverlay = 'fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm data-[state=open]:animate-overlay-in';

/** Root, trigger, portal, overlay and content: for dialogs with their own layout (sheets, popovers, viewers). */
export function DialogShell({
  open: controlledOpen,
  onOpenChange,
  trigger,
  overlayClassName = defaultOverlay,
  onCloseAutoFocus,
  ...shellProps
}: DialogShellProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const triggerRef = useRef<HTMLElement>(null);
  // Mounted from the first opening on, so Radix plays the closing and returns focus.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  const triggerElement = trigger as ReactElement<TriggerProps> | undefined;
  const triggerProps = triggerElement?.props;
  return (
    <>
      {triggerElement &&
        cloneElement(triggerElement, {
          ref: triggerRef,
          'aria-haspopup': 'dialog',
          'aria-expanded': open,
          'data-state': open ? 'open' : 'closed',
          onClick: (event: MouseEvent<HTMLElement>) => {
            triggerProps?.onClick?.(event);
            if (!event.defaultPrevented) setOpen(!open);
          },
          onPointerEnter: (event: PointerEvent<HTMLElement>) => {
            triggerProps?.onPointerEnter?.(event);
            void preloadDialog();
          },
          onFocus: (event: FocusEvent<HTMLElement>) => {
            triggerProps?.onFocus?.(event);
            void preloadDialog();
          },
        })}
      {opened && (
        <Suspense fallback={null}>
          <RadixShell
            open={open}
            onOpenChange={setOpen}
            overlayClassName={overlayClassName}
            onCloseAutoFocus={(event) => {
              onCloseAutoFocus?.(event);
              // Radix gives focus back to its own trigger; this one is outside Radix.
              if (!event.defaultPrevented && triggerRef.current) {
                event.preventDefault();
                triggerRef.current.focus();
              }
            }}
            {...shellProps}
          />
        </Suspense>
      )}
    </>
  );
}

/** The dialog's accessible name. */
export function DialogTitle(props: ComponentProps<typeof RadixDialog.Title>) {
  const { Title } = loaded();
  return <Title {...props} />;
}
/** The dialog's accessible description. */
export function DialogDescription(props: ComponentProps<typeof RadixDialog.Description>) {
  const { Description } = loaded();
  return <Description {...props} />;
}
/** Closes the dialog when its child (asChild) is activated. */
export function DialogClose(props: ComponentProps<typeof RadixDialog.Close>) {
  const { Close } = loaded();
  return <Close {...props} />;
}

/** An icon button that closes the dialog, named "Close" (or `label`) for screen readers. */
export function DialogCloseButton({ label, className, testId }: { label?: string; className?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <DialogClose
      aria-label={label ?? t('common.close')}
      data-testid={testId}
      className={className ?? buttonClasses('ghost', 'icon', '-me-2 -mt-2 size-9 shrink-0')}
    >
      <X className="size-5" aria-hidden="true" />
    </DialogClose>
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

interface DialogProps extends Omit<RadixContentProps, 'title'> {
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

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  /** The confirming button's text (a danger button beside Cancel). */
  confirmLabel: ReactNode;
  confirmTestId?: string;
  /** While the action runs the button shows a spinner and cannot be pressed again. */
  pending: boolean;
  onConfirm: () => void;
  testId?: string;
}

/**
 * "Are you sure?" for an action that cannot be undone: an alert dialog with Cancel and a danger
 * button. The caller closes it (onOpenChange(false)) once the action succeeded.
 */
export function ConfirmDialog({ confirmLabel, confirmTestId, pending, onConfirm, ...dialogProps }: ConfirmDialogProps) {
  return (
    <Dialog role="alertdialog" closeButton={false} {...dialogProps}>
      <DialogActions>
        <Button variant="danger" disabled={pending} data-testid={confirmTestId} onClick={onConfirm}>
          {pending ? <Spinner className="size-4" /> : null}
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
