import { ShieldAlert } from 'lucide-react';
import type { MaskKind } from '../../core/contact-masking.ts';
import type { TFunction } from '../i18n/translator.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { cn } from '../lib/cn.ts';

/** "a phone number, a link and a request to pay outside Lina": what masking hid, as a phrase of the page's language. */
export function maskedWhat(t: TFunction, kinds: readonly MaskKind[]): string {
  const names = kinds.map((kind) => t(`masking.${kind}`));
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')}${t('masking.and')}${names.at(-1)}`;
}

/**
 * Why part of a text was hidden (core/contact-masking.ts, decision 049): the server masks phone
 * numbers, e-mail addresses, links and requests to pay outside the site and says what it hid; this
 * tells the writer in their language. `kind` picks the sentence (a message the viewer wrote, one
 * they received, or listing text).
 */
export function MaskingNotice({
  kinds,
  kind,
  className,
}: {
  kinds: readonly MaskKind[];
  kind: 'mine' | 'theirs' | 'listing';
  className?: string;
}) {
  const { t } = useTranslation();
  if (kinds.length === 0) return null;
  const what = maskedWhat(t, kinds);
  const text =
    kind === 'listing'
      ? t('masking.listingNotice', { what })
      : kind === 'mine'
        ? t('messages.maskedMine', { what })
        : t('messages.maskedTheirs');
  return (
    <p
      role="note"
      data-testid="masking-notice"
      className={cn(
        'flex items-start gap-1.5 rounded-lg bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900 dark:bg-amber-950/60 dark:text-amber-200',
        className,
      )}
    >
      <ShieldAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
