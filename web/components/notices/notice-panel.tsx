import { X } from 'lucide-react';
import { useEffect, useId, useRef, type RefObject } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { buttonClasses } from '../ui/button.tsx';
import { NoticeList } from './notice-list.tsx';

/**
 * The bell's panel (a chunk of its own, loaded when the bell is first pointed at or opened): the
 * notices under the bell on a wide screen, across the screen below the bar on a phone. Escape, a
 * press outside it, the close button or following a notice close it; focus comes in on opening and
 * goes back to the bell on Escape. Not Radix's dialog: nothing behind it is blocked, so it is no modal.
 */
export default function NoticePanel({ onClose, anchor }: { onClose: () => void; anchor: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      anchor.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !anchor.current?.contains(target)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose, anchor]);
  return (
    <div
      ref={panel}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="notice-panel"
      className="fixed inset-x-2 top-16 z-50 flex max-h-[calc(100dvh-5rem)] flex-col rounded-2xl border border-slate-200 bg-white p-2 text-slate-900 shadow-xl outline-none md:absolute md:inset-x-auto md:end-0 md:top-full md:mt-2 md:max-h-[34rem] md:w-96 dark:border-slate-800 dark:bg-slate-900 dark:text-white dark:shadow-black/40"
    >
      <div className="flex items-center justify-between gap-2 ps-3">
        <h2 id={titleId} className="text-base font-semibold">
          {t('notices.title')}
        </h2>
        <button type="button" onClick={onClose} aria-label={t('notices.close')} className={buttonClasses('ghost', 'icon', 'size-9')}>
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="min-h-0 overflow-y-auto px-1 pb-1">
        <NoticeList onFollow={onClose} />
      </div>
    </div>
  );
}
