import { useLayoutEffect, useState, type ReactElement, type ReactNode, type RefObject } from 'react';
import { useLanguage } from '../../app/language.tsx';
import { cn } from '../../lib/cn.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { buttonClasses } from '../ui/button.tsx';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '../ui/dialog.tsx';

interface AnchoredPopoverProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The button that opens it (rendered as the dialog trigger, so focus returns to it on close). */
  trigger: ReactElement;
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

const gap = 8;
const margin = 12;

/** Places the popover under the anchor (start-aligned), moved inside the viewport, or above when there is no room below. */
function place(content: HTMLElement, anchor: HTMLElement, rtl: boolean) {
  const box = content.getBoundingClientRect();
  const at = anchor.getBoundingClientRect();
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = window.innerHeight;
  const preferred = rtl ? at.right - box.width : at.left;
  const left = Math.max(margin, Math.min(preferred, viewportWidth - box.width - margin));
  let top = at.bottom + gap;
  if (top + box.height > viewportHeight - margin) {
    const above = at.top - gap - box.height;
    top = above >= margin ? above : Math.max(margin, viewportHeight - margin - box.height);
  }
  content.style.left = `${Math.round(left)}px`;
  content.style.top = `${Math.round(top)}px`;
}

/**
 * A modal popup for a picker: a bottom sheet on phones, a panel under its field from 640 px on.
 * Radix Dialog gives the focus trap, Escape, outside click and focus return.
 */
export function AnchoredPopover({
  open,
  onOpenChange,
  trigger,
  anchorRef,
  title,
  description,
  children,
  footer,
  testId,
  className,
  onOpenAutoFocus,
}: AnchoredPopoverProps) {
  const { dir } = useLanguage();
  const wide = useMediaQuery('(min-width: 640px)');
  // The portal mounts its content a render after `open`: keep the node in state to position it once it exists.
  const [content, setContent] = useState<HTMLDivElement | null>(null);

  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    if (!open || !content || !anchor) return;
    if (!wide) {
      content.style.left = '';
      content.style.top = '';
      return;
    }
    const update = () => place(content, anchor, dir === 'rtl');
    update();
    const observer = new ResizeObserver(update);
    observer.observe(content);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [open, content, wide, dir, anchorRef]);

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      ref={setContent}
      testId={testId}
      onOpenAutoFocus={onOpenAutoFocus}
      {...(description ? {} : { 'aria-describedby': undefined })}
      overlayClassName="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[1px] data-[state=open]:animate-overlay-in sm:bg-slate-950/10 sm:backdrop-blur-none dark:sm:bg-black/30"
      className={cn(
        'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-3xl border border-slate-200 bg-white shadow-2xl outline-none',
        'data-[state=open]:animate-fade-in dark:border-slate-700 dark:bg-slate-900 dark:shadow-black/50',
        'sm:inset-x-auto sm:bottom-auto sm:max-h-[calc(100dvh-2rem)] sm:rounded-2xl',
        className,
      )}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 pt-4 pb-3 dark:border-slate-800">
        <div className="min-w-0">
          <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">{title}</DialogTitle>
          {description && (
            <DialogDescription className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{description}</DialogDescription>
          )}
        </div>
        <DialogCloseButton className={buttonClasses('ghost', 'icon', '-me-2 -mt-1 size-9 shrink-0')} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      {footer && (
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] dark:border-slate-800">
          {footer}
        </div>
      )}
    </DialogShell>
  );
}
