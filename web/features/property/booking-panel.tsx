import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, ChevronDown, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { monthsShownInPicker, timings } from '../../../core/constants.ts';
import { formatPrice } from '../../../core/format.ts';
import type { CreateBookingBody } from '../../../core/contracts/bookings.ts';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { useLanguage } from '../../app/language.tsx';
import { isLeaseOption, leaseOptionKeys } from '../../components/listing-card/listing-card-model.ts';
import { fromIsoDate, formatStayRange, pickRangeDay, toIsoDate } from '../../components/search/date-range.ts';
import { today as todayInIsrael } from '../../../core/dates.ts';
import { Button } from '../../components/ui/button.tsx';
import { Stepper } from '../../components/ui/stepper.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { errorMessageKey } from '../../lib/error-message.ts';
import { formatDate } from '../../lib/format-date.ts';
import { useSession } from '../../lib/session.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { createBooking, propertyQueries, refreshAfterBooking } from './property-api.ts';
import { daysBetween, maxPendingRequestsPerGuest } from '../../../core/booking-rules.ts';
import {
  clampParty,
  evaluateStay,
  initialParty,
  initialStay,
  isDayDisabled,
  leaseEndDate,
  partyLimits,
  signInPathFrom,
  stayToParams,
  type BookingProblem,
} from './property-model.ts';
import { Card } from '../../components/ui/card.tsx';

const RangeCalendar = lazy(() => import('../../components/search/range-calendar.tsx'));

const priceKeys = { hotel: 'listing.price.hotel', sublet: 'listing.price.sublet', rental: 'listing.price.rental' } as const;

const selectClasses =
  'block h-11 w-full appearance-none rounded-xl border border-slate-300 bg-white ps-3.5 pe-10 text-base text-slate-900 shadow-xs focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/40 sm:text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:[color-scheme:dark]';

function SelectField({
  id,
  label,
  children,
  value,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  children: ReactNode;
  value: string;
  onChange(value: string): void;
  testId: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="relative">
        <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={selectClasses} data-testid={testId}>
          {children}
        </select>
        <ChevronDown
          className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}

interface Success {
  status: string;
}

/** The booking side panel: price, calendar, rooms or lease, breakdown, problems and the action. */
export function BookingPanel({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation();
  const { language, localize } = useLanguage();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const id = useId();
  const wide = useMediaQuery(`(min-width: ${timings.mobileBreakpointPx}px)`);
  const [stay, setStay] = useState(() => ({
    ...initialStay(params, listing.type === 'rental' ? listing.leaseOptions : []),
    ...initialParty(params, listing),
  }));
  // A hotel's calendar closes the nights without as many rooms as the guest asks for.
  const heldQuery = useQuery(propertyQueries.heldDates(listing.id, listing.type === 'hotel' ? stay.rooms : 1));
  const held = useMemo(() => heldQuery.data?.held ?? [], [heldQuery.data]);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [success, setSuccess] = useState<Success | null>(null);
  const [pending, setPending] = useState(false);
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  // The URL follows the choice (replaced, not pushed), so a reload or a shared link keeps it. Only a
  // change of the choice writes it: the current query is read, not watched.
  const writeUrl = useEffectEvent((choice: typeof stay) => {
    const next = stayToParams(params, choice, listing.type);
    if (next.toString() !== params.toString()) void setParams(next, { replace: true, preventScrollReset: true });
  });
  useEffect(() => writeUrl(stay), [stay]);

  const today = todayInIsrael();
  const limits = partyLimits(listing, stay.rooms);
  const evaluation = evaluateStay(listing, held, stay, today);
  const canBook = Boolean(evaluation && !evaluation.problem && evaluation.quote) && !pending;
  const actionLabel =
    listing.type === 'hotel' ? t('listing.bookNow') : listing.type === 'sublet' ? t('listing.requestToBook') : t('listing.apply');

  const update = (next: Partial<typeof stay>) => {
    setStay((current) => ({ ...current, ...next }));
    setSubmitError(null);
    setSuccess(null);
  };

  const pickDay = (day: string) => {
    const next = pickRangeDay(stay, day);
    // With a lease length chosen, the start date sets the end date too.
    if (stay.leaseOption && next.checkIn && !next.checkOut) next.checkOut = leaseEndDate(next.checkIn, stay.leaseOption);
    update(next);
  };

  const disabledDay = (date: Date) =>
    isDayDisabled(toIsoDate(date), {
      today,
      availableFrom: listing.availableFrom,
      availableUntil: listing.availableUntil,
      held,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
    });

  const problemText = (problem: BookingProblem): string => {
    if (problem === 'dates_unavailable') return t('property.booking.problems.held');
    if (problem === 'stay_too_short')
      return t('property.booking.problems.stay_too_short', { count: listing.minStayDays, n: listing.minStayDays });
    if (problem === 'stay_too_long')
      return t('property.booking.problems.stay_too_long', { count: listing.maxStayDays, n: listing.maxStayDays });
    return t(`errors.codes.${problem}`);
  };

  const submit = async () => {
    if (!user) {
      await navigate(localize(signInPathFrom(location)));
      return;
    }
    if (!canBook) return;
    const request: CreateBookingBody = { propertyId: listing.id, checkIn: stay.checkIn, checkOut: stay.checkOut, guests: stay.guests };
    if (listing.type === 'hotel') request.rooms = stay.rooms;
    if (listing.type === 'rental' && stay.leaseOption) request.leaseOption = stay.leaseOption;
    const signature = JSON.stringify(request);
    // One key per attempt; a retry of the same attempt (after a network failure) sends the same key.
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: crypto.randomUUID() };
    setPending(true);
    setSubmitError(null);
    try {
      const booking = await createBooking(request, attempt.current.key);
      attempt.current = null;
      const confirmed = booking.status === 'confirmed';
      const title = confirmed ? t('property.booking.bookingConfirmed') : t('property.booking.requestSent');
      toast.success(title, {
        description: confirmed ? t('property.booking.bookingConfirmedText') : t('property.booking.requestSentText'),
        action: { label: t('property.booking.viewBookings'), onClick: () => void navigate(localize('/my-bookings')) },
      });
      setSuccess({ status: booking.status });
      setStay((current) => ({ ...current, checkIn: '', checkOut: '' }));
      refreshAfterBooking(queryClient, listing.id);
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.status < 500) attempt.current = null;
      if (isApiError(error) && error.status === 401) {
        await navigate(localize('/auth'));
        return;
      }
      // The pending-requests message names the limit.
      setSubmitError(t(errorMessageKey(error), { max: maxPendingRequestsPerGuest }));
      if (isApiError(error) && error.code === 'dates_unavailable') void heldQuery.refetch();
    } finally {
      setPending(false);
    }
  };

  const nights = stay.checkIn && stay.checkOut ? daysBetween(stay.checkIn, stay.checkOut) : 0;
  const status = !stay.checkIn
    ? t('search.dates.pickStart')
    : !stay.checkOut
      ? t('search.dates.pickEnd')
      : t('search.dates.nights', { count: nights });
  const quote = evaluation?.quote ?? null;
  const unitPrice =
    listing.type === 'hotel' ? listing.pricePerNight : listing.type === 'sublet' ? listing.pricePerMonth : listing.pricePerWeek;
  const leaseLabel = (option: string) => (isLeaseOption(option) ? t(`listing.lease.${leaseOptionKeys[option]}`) : option);
  const availability = (() => {
    const format = (value: string) => {
      const date = fromIsoDate(value);
      return date ? formatDate(date, 'date', language) : value;
    };
    const { availableFrom: from, availableUntil: until } = listing;
    if (from && until) return t('listing.availableRange', { from: format(from), until: format(until) });
    if (from) return t('listing.availableFrom', { date: format(from) });
    if (until) return t('listing.availableUntil', { date: format(until) });
    return t('listing.availableAnytime');
  })();

  return (
    <Card
      as="section"
      aria-labelledby={`${id}-title`}
      data-testid="booking-panel"
      className="p-5 shadow-lg shadow-slate-900/5 sm:p-6 dark:shadow-black/30"
    >
      <h2 id={`${id}-title`} className="sr-only">
        {t('property.booking.title')}
      </h2>
      <p className="text-slate-600 dark:text-slate-400" data-testid="booking-price">
        <Trans
          i18nKey={priceKeys[listing.type]}
          values={{ price: formatPrice(unitPrice ?? 0, language) }}
          components={{ price: <span className="text-2xl font-bold text-slate-900 dark:text-white" /> }}
        />
      </p>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {availability} · {t('property.booking.stayLength', { min: listing.minStayDays, max: listing.maxStayDays })}
      </p>

      <div className="mt-5 flex flex-col gap-4">
        <div>
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('property.booking.datesLabel')}</h3>
            {(stay.checkIn || stay.checkOut) && (
              <button
                type="button"
                onClick={() => update({ checkIn: '', checkOut: '' })}
                data-testid="booking-clear-dates"
                className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-300 dark:hover:bg-slate-800"
              >
                <X className="size-3.5" aria-hidden="true" />
                {t('search.dates.clear')}
              </button>
            )}
          </div>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" aria-live="polite" data-testid="booking-dates">
            {stay.checkIn ? <span className="font-semibold text-slate-900 dark:text-white">{formatStayRange(stay, language)}</span> : null}
            {stay.checkIn ? ' · ' : null}
            {status}
          </p>
          <div className="-mx-3 mt-2 flex justify-center sm:-mx-5">
            <Suspense
              fallback={
                <div className="flex h-80 w-full items-center justify-center text-brand-700 dark:text-brand-300">
                  <Spinner />
                </div>
              }
            >
              <RangeCalendar
                checkIn={stay.checkIn}
                checkOut={stay.checkOut}
                onPickDay={pickDay}
                numberOfMonths={wide ? monthsShownInPicker : 1}
                language={language}
                testId="booking-calendar"
                disabled={disabledDay}
                initialMonth={listing.availableFrom ?? undefined}
                autoFocus={false}
              />
            </Suspense>
          </div>
        </div>

        <div className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800" data-testid="booking-party">
          {listing.type === 'hotel' && limits.maxRooms > 1 && (
            <Stepper
              label={t('property.booking.rooms')}
              hint={t('property.booking.roomsUpTo', { count: limits.maxRooms, n: limits.maxRooms })}
              value={stay.rooms}
              min={1}
              max={limits.maxRooms}
              lessLabel={t('property.booking.fewerRooms')}
              moreLabel={t('property.booking.moreRooms')}
              onChange={(rooms) => update(clampParty(listing, { rooms, guests: stay.guests }))}
              testId="booking-rooms"
            />
          )}
          <Stepper
            label={t('property.booking.guests')}
            hint={t(
              listing.type === 'hotel' && limits.maxRooms > 1 ? 'property.booking.guestsUpToInRooms' : 'property.booking.guestsUpTo',
              {
                count: limits.maxGuests,
                n: limits.maxGuests,
              },
            )}
            value={stay.guests}
            min={1}
            max={limits.maxGuests}
            lessLabel={t('property.booking.fewerGuests')}
            moreLabel={t('property.booking.moreGuests')}
            onChange={(guests) => update(clampParty(listing, { rooms: stay.rooms, guests }))}
            testId="booking-guests"
          />
        </div>

        {listing.type === 'rental' && listing.leaseOptions.length > 0 && (
          <SelectField
            id={`${id}-lease`}
            label={t('listing.leaseLabel')}
            value={stay.leaseOption}
            onChange={(value) =>
              update({ leaseOption: value, ...(value && stay.checkIn ? { checkOut: leaseEndDate(stay.checkIn, value) } : {}) })
            }
            testId="booking-lease"
          >
            <option value="">{t('property.booking.customDates')}</option>
            {listing.leaseOptions.map((option) => (
              <option key={option} value={option}>
                {leaseLabel(option)}
              </option>
            ))}
          </SelectField>
        )}

        {quote && (
          <dl className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm dark:border-slate-800" data-testid="booking-breakdown">
            <div className="flex justify-between gap-3 text-slate-700 dark:text-slate-300">
              <dt data-testid="breakdown-rate">
                {quote.rooms > 1
                  ? t('property.booking.rateTimesRooms', {
                      rate: formatPrice(quote.rate, language),
                      units: t(`property.booking.units.${quote.unit}`, { count: quote.units, n: quote.units }),
                      rooms: t('property.booking.units.room', { count: quote.rooms, n: quote.rooms }),
                    })
                  : t('property.booking.rateTimes', {
                      rate: formatPrice(quote.rate, language),
                      units: t(`property.booking.units.${quote.unit}`, { count: quote.units, n: quote.units }),
                    })}
              </dt>
              <dd className="tabular-nums">{formatPrice(quote.subtotal, language)}</dd>
            </div>
            <div className="flex justify-between gap-3 text-slate-700 dark:text-slate-300">
              <dt>{t('property.booking.serviceFee')}</dt>
              <dd className="tabular-nums" data-testid="breakdown-fee">
                {formatPrice(quote.serviceFee, language)}
              </dd>
            </div>
            <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base font-semibold text-slate-900 dark:border-slate-800 dark:text-white">
              <dt>{t('property.booking.total')}</dt>
              <dd className="tabular-nums" data-testid="breakdown-total">
                {formatPrice(quote.total, language)}
              </dd>
            </div>
          </dl>
        )}

        {submitError ? (
          <p
            role="alert"
            data-testid="booking-error"
            className="flex items-start gap-2 rounded-xl bg-rose-50 px-3 py-2.5 text-sm text-rose-800 ring-1 ring-rose-200 dark:bg-rose-950/50 dark:text-rose-200 dark:ring-rose-900"
          >
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {submitError}
          </p>
        ) : evaluation?.problem ? (
          <p
            data-testid="booking-problem"
            data-problem={evaluation.problem}
            aria-live="polite"
            className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-900"
          >
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {problemText(evaluation.problem)}
          </p>
        ) : null}

        {success && (
          <div
            role="status"
            data-testid="booking-success"
            className="flex flex-col gap-2 rounded-xl bg-emerald-50 px-3 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-100 dark:ring-emerald-900"
          >
            <p className="flex items-center gap-2 font-semibold">
              <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
              {success.status === 'confirmed' ? t('property.booking.bookingConfirmed') : t('property.booking.requestSent')}
            </p>
            <p>{success.status === 'confirmed' ? t('property.booking.bookingConfirmedText') : t('property.booking.requestSentText')}</p>
            <LocalizedLink to="/my-bookings" className="font-semibold underline underline-offset-2" data-testid="booking-view-bookings">
              {t('property.booking.viewBookings')}
            </LocalizedLink>
          </div>
        )}

        <Button size="lg" className="w-full" disabled={!canBook} onClick={() => void submit()} data-testid="booking-action">
          {pending && <Spinner className="size-4" />}
          {pending ? t('property.booking.sending') : actionLabel}
        </Button>
        {!user && <p className="-mt-2 text-center text-xs text-slate-500 dark:text-slate-400">{t('property.booking.signInHint')}</p>}
        <p className="text-center text-sm text-slate-500 dark:text-slate-400" data-testid="booking-not-charged">
          {t('property.booking.notCharged')}
        </p>
      </div>
    </Card>
  );
}
