import { cloneElement, lazy, Suspense, useRef, useState, type MouseEvent, type ReactElement, type ReactNode, type RefObject } from 'react';

// Radix Dialog is not part of a search page's first load: the popup is its own chunk, fetched when the
// pointer reaches the trigger or it gets focus, and mounted once the popover first opens.
const loadPanel = () => import('./anchored-popover-panel.tsx');
const AnchoredPopoverPanel = lazy(loadPanel);

interface AnchoredPopoverProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The button that opens it (given the dialog trigger's attributes; focus returns to it on close). */
  trigger: ReactElement<TriggerProps>;
  /** The box the popover opens under (the trigger or a field around it). */
  anchorRef: RefObject<HTMLElement | null>;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
  className?: string;
  /** Called instead of focusing the first focusable element when it opens. */
  onOpenAutoFocus?: (event: Event) => void;
}

interface TriggerProps {
  ref?: RefObject<HTMLElement | null>;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: unknown) => void;
  onFocus?: (event: unknown) => void;
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
  'data-state'?: string;
}

/** A modal popup for a picker: a bottom sheet on phones, a panel under its field from 640 px on. */
export function AnchoredPopover({ open, onOpenChange, trigger, ...panelProps }: AnchoredPopoverProps) {
  const triggerRef = useRef<HTMLElement>(null);
  // Mounted from the first opening on, so Radix plays the closing and returns focus.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const { onClick, onPointerEnter, onFocus } = trigger.props;
  return (
    <>
      {cloneElement(trigger, {
        ref: triggerRef,
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        'data-state': open ? 'open' : 'closed',
        onClick: (event: MouseEvent<HTMLElement>) => {
          onClick?.(event);
          if (!event.defaultPrevented) onOpenChange(!open);
        },
        onPointerEnter: (event: unknown) => {
          onPointerEnter?.(event);
          void loadPanel();
        },
        onFocus: (event: unknown) => {
          onFocus?.(event);
          void loadPanel();
        },
      })}
      {opened && (
        <Suspense fallback={null}>
          <AnchoredPopoverPanel open={open} onOpenChange={onOpenChange} triggerRef={triggerRef} {...panelProps} />
        </Suspense>
      )}
    </>
  );
}
