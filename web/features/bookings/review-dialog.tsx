import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';
import { z } from 'zod';
import { reviewRules } from '../../../core/booking-rules.ts';
import { formatNumber } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import { Button } from '../../components/ui/button.tsx';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { errorMessageKey } from '../../lib/error-message.ts';
import { useReviewStay } from './bookings-api.ts';
import { Dialog } from '../../components/ui/dialog.tsx';

// Messages are translation keys; the same limits as the server's (core/booking-rules.ts).
const reviewFormSchema = z.object({
  rating: z.number().int().min(reviewRules.minRating, 'review.errors.rating').max(reviewRules.maxRating),
  body: z.string().trim().min(reviewRules.minLength, 'review.errors.tooShort').max(reviewRules.maxLength, 'review.errors.tooLong'),
});
type ReviewForm = z.infer<typeof reviewFormSchema>;
type ReviewError = 'review.errors.rating' | 'review.errors.tooShort' | 'review.errors.tooLong';

const ratingKeys = ['review.ratings.1', 'review.ratings.2', 'review.ratings.3', 'review.ratings.4', 'review.ratings.5'] as const;

/** Five radio buttons drawn as stars: arrow keys move between them, as in any radio group. */
function StarInput({
  value,
  onChange,
  name,
  labelledBy,
  invalid,
}: {
  value: number;
  onChange: (value: number) => void;
  name: string;
  labelledBy: string;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-invalid={invalid || undefined} className="flex items-center gap-1">
      {[1, 2, 3, 4, 5].map((stars) => (
        <label
          key={stars}
          className="group cursor-pointer rounded-lg p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
        >
          <input
            type="radio"
            name={name}
            value={stars}
            checked={value === stars}
            onChange={() => onChange(stars)}
            data-testid={`review-star-${stars}`}
            className="sr-only"
          />
          <span className="sr-only">{t(ratingKeys[stars - 1]!)}</span>
          <Star
            aria-hidden="true"
            className={cn(
              'size-8 transition-colors',
              stars <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-300 group-hover:text-amber-300 dark:text-slate-600',
            )}
          />
        </label>
      ))}
      {value ? <span className="ms-2 text-sm font-medium text-slate-700 dark:text-slate-300">{t(ratingKeys[value - 1]!)}</span> : null}
    </div>
  );
}

function ReviewFormBody({ booking, language, onDone }: { booking: BookingView; language: Language; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const review = useReviewStay(booking.id);
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ReviewForm>({ resolver: zodResolver(reviewFormSchema), defaultValues: { rating: 0, body: '' } });
  const length = watch('body').trim().length;
  const ratingError = errors.rating?.message as ReviewError | undefined;
  const bodyError = errors.body?.message as ReviewError | undefined;

  const submit = handleSubmit((values) =>
    review.mutate(
      { ...values, language },
      {
        onSuccess: () => {
          toast.success(t('review.thanks'));
          onDone();
        },
        // What was written stays in the form.
        onError: (error) => toast.error(t(errorMessageKey(error))),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5">
      <div>
        <p id={`${id}-rating`} className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('review.rating')}
        </p>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <StarInput
              value={field.value}
              onChange={field.onChange}
              name={`${id}-stars`}
              labelledBy={`${id}-rating`}
              invalid={Boolean(ratingError)}
            />
          )}
        />
        {ratingError ? (
          <InlineError className="mt-1" testId="review-rating-error">
            {t(ratingError)}
          </InlineError>
        ) : null}
      </div>
      <TextareaField
        id={`${id}-body`}
        label={t('review.text')}
        error={bodyError ? t(bodyError, { n: reviewRules.minLength }) : undefined}
        errorTestId="review-body-error"
        hint={t('review.hint', {
          n: formatNumber(reviewRules.minLength, language),
          length: formatNumber(length, language),
          max: formatNumber(reviewRules.maxLength, language),
        })}
        textareaClassName="h-auto min-h-28 resize-y py-2.5"
        data-testid="review-body"
        dir="auto"
        rows={5}
        maxLength={reviewRules.maxLength}
        placeholder={t('review.placeholder')}
        {...register('body')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={review.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="review-submit" disabled={review.isPending}>
          {review.isPending ? <Spinner className="size-4" /> : null}
          {review.isPending ? t('review.sending') : t('review.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Leave a review of a completed stay: 1–5 stars and a few words, once. */
export function ReviewDialog({ booking, language, onClose }: { booking: BookingView | null; language: Language; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = useRef<BookingView | null>(null);
  if (booking) shown.current = booking;
  const target = booking ?? shown.current;
  if (!target) return null;
  return (
    <Dialog
      closeButton={false}
      open={booking !== null}
      onOpenChange={(open) => !open && onClose()}
      testId="review-dialog"
      title={t('review.title')}
      description={t('review.subtitle', { title: target.propertyTitle })}
    >
      {booking ? <ReviewFormBody key={booking.id} booking={booking} language={language} onDone={onClose} /> : null}
    </Dialog>
  );
}
