import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import { formatNumber } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { replyRules } from '../../../core/review-rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { errorText } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useReplyToReview } from './bookings-api.ts';

function ReplyForm({ booking, language, onDone }: { booking: BookingView; language: Language; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const reply = useReplyToReview(booking.review!.id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    // The same limits as the server's (core/review-rules.ts replyRules).
    if (text.length < replyRules.minLength) return setError(t('review.errors.replyTooShort'));
    if (text.length > replyRules.maxLength) return setError(t('review.errors.replyTooLong', { n: replyRules.maxLength }));
    setError(undefined);
    reply.mutate(
      { body: text },
      {
        onSuccess: () => {
          toast.success(t('review.replyThanks'));
          onDone();
        },
        onError: (failure) => toast.error(errorText(t, failure)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5">
      <blockquote dir="auto" className="rounded-xl bg-slate-50 px-3 py-2.5 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
        {booking.review!.body}
      </blockquote>
      <TextareaField
        id={`${id}-reply`}
        label={t('review.replyLabel')}
        error={error}
        errorTestId="reply-body-error"
        hint={`${formatNumber(body.trim().length, language)} / ${formatNumber(replyRules.maxLength, language)}`}
        textareaClassName="h-auto min-h-24 resize-y py-2.5"
        data-testid="reply-body"
        dir="auto"
        rows={4}
        maxLength={replyRules.maxLength}
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={reply.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="reply-submit" disabled={reply.isPending}>
          {reply.isPending ? <Spinner className="size-4" /> : null}
          {t('review.replySubmit')}
        </Button>
      </div>
    </form>
  );
}

/** The host's one public reply to the guest's published review of a stay. */
export function ReplyDialog({ booking, language, onClose }: { booking: BookingView | null; language: Language; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = useRef<BookingView | null>(null);
  if (booking) shown.current = booking;
  const target = booking ?? shown.current;
  if (!target?.review) return null;
  return (
    <Dialog
      closeButton={false}
      open={booking !== null}
      onOpenChange={(open) => !open && onClose()}
      testId="reply-dialog"
      title={t('review.replyTitle')}
      description={t('review.replySubtitle', { name: target.guestFirstName })}
    >
      {booking ? <ReplyForm key={booking.id} booking={booking} language={language} onDone={onClose} /> : null}
    </Dialog>
  );
}
