import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
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
import { errorText } from '../../lib/error-message.ts';
import { useReviewGuest, useReviewStay } from './bookings-api.ts';
import { reviewCategories, type CategoryRatings, type ReviewCategory } from '../../../core/review-rules.ts';
import { Dialog } from '../../components/ui/dialog.tsx';

// Messages are translation keys; the same limits as the server's (core/booking-rules.ts).
const starsSchema = z.number().int().min(reviewRules.minRating, 'review.errors.rating').max(reviewRules.maxRating);
const bodySchema = z
  .string()
  .trim()
  .min(reviewRules.minLength, 'review.errors.tooShort')
  .max(reviewRules.maxLength, 'review.errors.tooLong');
const categoryStars = z.number().int().min(reviewRules.minRating, 'review.errors.categories').max(reviewRules.maxRating);
// The guest rates the stay and each of its parts; the host rates the guest.
const stayFormSchema = z.object({
  rating: starsSchema,
  categories: z.object(
    Object.fromEntries(reviewCategories.map((category) => [category, categoryStars])) as Record<ReviewCategory, typeof categoryStars>,
  ),
  body: bodySchema,
});
const guestFormSchema = z.object({ rating: starsSchema, categories: z.any().optional(), body: bodySchema });
type ReviewForm = z.infer<typeof stayFormSchema>;
type ReviewError = 'review.errors.rating' | 'review.errors.categories' | 'review.errors.tooShort' | 'review.errors.tooLong';
const noCategories = Object.fromEntries(reviewCategories.map((category) => [category, 0])) as CategoryRatings;

/** Whose review the dialog takes: the guest's of the stay, or the host's of the guest. */
export type ReviewSide = 'stay' | 'guest';

const ratingKeys = ['review.ratings.1', 'review.ratings.2', 'review.ratings.3', 'review.ratings.4', 'review.ratings.5'] as const;

/** Five radio buttons drawn as stars: arrow keys move between them, as in any radio group. */
function StarInput({
  value,
  onChange,
  name,
  labelledBy,
  invalid,
  testId = 'review-star',
  size = 'size-8',
}: {
  value: number;
  onChange: (value: number) => void;
  name: string;
  labelledBy: string;
  invalid: boolean;
  testId?: string;
  size?: string;
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
            data-testid={`${testId}-${stars}`}
            className="sr-only"
          />
          <span className="sr-only">{t(ratingKeys[stars - 1]!)}</span>
          <Star
            aria-hidden="true"
            className={cn(
              size,
              'transition-colors',
              stars <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-300 group-hover:text-amber-300 dark:text-slate-600',
            )}
          />
        </label>
      ))}
      {value ? <span className="ms-2 text-sm font-medium text-slate-700 dark:text-slate-300">{t(ratingKeys[value - 1]!)}</span> : null}
    </div>
  );
}

function ReviewFormBody({
  booking,
  side,
  language,
  onDone,
}: {
  booking: BookingView;
  side: ReviewSide;
  language: Language;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const reviewStay = useReviewStay(booking.id);
  const reviewGuest = useReviewGuest(booking.id);
  const review = side === 'stay' ? reviewStay : reviewGuest;
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ReviewForm>({
    // One form serves both sides; the host's schema lets categories be anything or missing, which a
    // resolver typed for the stay's form (categories required) cannot say without widening the form.
    resolver: zodResolver(side === 'stay' ? stayFormSchema : (guestFormSchema as unknown as typeof stayFormSchema)),
    defaultValues: { rating: 0, categories: noCategories, body: '' },
  });
  const length = watch('body').trim().length;
  const ratingError = errors.rating?.message as ReviewError | undefined;
  const categoriesError = reviewCategories.map((category) => errors.categories?.[category]?.message).find(Boolean) as
    ReviewError | undefined;
  const bodyError = errors.body?.message as ReviewError | undefined;
  const done = {
    onSuccess: () => {
      toast.success(t('review.thanks'));
      onDone();
    },
    // What was written stays in the form.
    onError: (error: unknown) => toast.error(errorText(t, error)),
  };

  const submit = handleSubmit((values) =>
    side === 'stay'
      ? reviewStay.mutate({ rating: values.rating, categories: values.categories, body: values.body, language }, done)
      : reviewGuest.mutate({ rating: values.rating, body: values.body, language }, done),
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
      {side === 'stay' ? (
        <fieldset data-testid="review-categories">
          <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">{t('review.categoriesTitle')}</legend>
          <div className="grid max-w-sm gap-y-2">
            {reviewCategories.map((category) => (
              <div key={category} className="flex items-center justify-between gap-3">
                <span id={`${id}-${category}`} className="text-sm text-slate-700 dark:text-slate-300">
                  {t(`property.categories.${category}`)}
                </span>
                <Controller
                  control={control}
                  name={`categories.${category}`}
                  render={({ field }) => (
                    <StarInput
                      value={field.value}
                      onChange={field.onChange}
                      name={`${id}-${category}-stars`}
                      labelledBy={`${id}-${category}`}
                      invalid={Boolean(errors.categories?.[category])}
                      testId={`review-${category}`}
                      size="size-6"
                    />
                  )}
                />
              </div>
            ))}
          </div>
          {categoriesError ? (
            <InlineError className="mt-1" testId="review-categories-error">
              {t(categoriesError)}
            </InlineError>
          ) : null}
        </fieldset>
      ) : null}
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
        placeholder={t(side === 'stay' ? 'review.placeholder' : 'review.guestPlaceholder')}
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

/** Review a completed stay (the guest: stars, the five categories and a few words) or its guest (the host), once. */
export function ReviewDialog({
  booking,
  side = 'stay',
  language,
  onClose,
}: {
  booking: BookingView | null;
  side?: ReviewSide;
  language: Language;
  onClose: () => void;
}) {
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
      title={t(side === 'stay' ? 'review.title' : 'review.guestTitle')}
      description={
        side === 'stay'
          ? t('review.subtitle', { title: target.propertyTitle })
          : t('review.guestSubtitle', { name: target.guestFirstName, title: target.propertyTitle })
      }
    >
      {booking ? <ReviewFormBody key={booking.id} booking={booking} side={side} language={language} onDone={onClose} /> : null}
    </Dialog>
  );
}
