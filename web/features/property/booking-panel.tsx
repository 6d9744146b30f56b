/**
 * The listing page's booking panel: price, date picker, rooms or lease, the price breakdown, what
 * stops the stay, and the action (request, book, pay). Over 300 lines on purpose: one component
 * holds the stay being chosen, mirrored in the URL, and every part reads and changes it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { formatPrice } from '../../../core/format.ts';
import type { CreateBookingBody } from '../../../core/contracts/bookings.ts';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { useLanguage } from '../../app/language.tsx';
import { isLeaseOption, leaseOptionKeys } from '../../components/listing-card/listing-card-model.ts';
import { fromIsoDate, pickRangeDay } from '../../components/search/date-range.ts';
import { localIsoDate, today as todayInIsrael } from '../../../core/dates.ts';
import { Button } from '../../components/ui/button.tsx';
import { Stepper } from '../../components/ui/stepper.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-message.ts';
import { formatDate } from '../../../core/format-date.ts';
import { useSession } from '../../lib/session.ts';
import { createBooking, propertyQueries, refreshAfterBooking } from './property-api.ts';
import { bookingActionOf, booksInstantly } from '../../../core/booking-action.ts';
import { bookingAnswerHours, maxPendingRequestsPerGuest } from '../../../core/booking-rules.ts';
import { seasonMinStayRule } from '../../../core/price-rules.ts';
import { ruleDates } from '../../lib/price-rule-text.ts';
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
import { PriceWithUnit } from '../../components/listing-card/price-with-unit.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { BookingBreakdown } from './booking-breakdown.tsx';
import { PaymentPlanLine } from './payment-plan-line.tsx';
import { BookingPolicyLine } from './cancellation-policy.tsx';
import { BookingDates } from './booking-dates.tsx';
import { BookingNotices, type BookingSuccess } from './booking-notices.tsx';
import { StickyBookingBar } from './sticky-booking-bar.tsx';
import { useShabbatCheck } from './use-shabbat-check.ts';
import { BookingChildren } from './booking-children.tsx';
import { isInfant, maxPartyChildren, maxPartyGuests } from '../../../core/party.ts';
import { keepScroll } from '../../app/scroll-restoration.tsx';

// The holidays of a chosen stay come with the Hebrew calendar: their own chunk, fetched once dates are chosen.
const StayHolidays = lazy(() => import('./stay-holidays.tsx'));

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
  const [stay, setStay] = useState(() => ({
    ...initialStay(params, listing.type === 'rental' ? listing.leaseOptions : []),
    ...initialParty(params, listing),
  }));
  // A hotel's calendar closes the nights without as many rooms as the guest asks for.
  const heldQuery = useQuery(propertyQueries.heldDates(listing.id, listing.type === 'hotel' ? stay.rooms : 1));
  const held = useMemo(() => heldQuery.data?.held ?? [], [heldQuery.data]);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [success, setSuccess] = useState<BookingSuccess | null>(null);
  const [pending, setPending] = useState(false);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const panelRef = useRef<HTMLElement>(null);

  // The URL follows the choice (replaced, not pushed), so a reload or a shared link keeps it. Only a
  // change of the choice writes it: the current query is read, not watched.
  const writeUrl = useEffectEvent((choice: typeof stay) => {
    const next = stayToParams(params, choice, listing.type);
    if (next.toString() !== params.toString()) void setParams(next, { replace: true, state: keepScroll });
  });
  useEffect(() => writeUrl(stay), [stay]);

  const today = todayInIsrael();
  const limits = partyLimits(listing, stay.rooms);
  const shabbatCheck = useShabbatCheck(listing);
  const evaluation = evaluateStay(listing, held, stay, today, shabbatCheck);
  const canBook = Boolean(evaluation && !evaluation.problem && evaluation.quote) && !pending;
  // Instant booking confirms at once for a verified guest only (core/booking-action.ts booksInstantly): the
  // button and the line under it say which will happen; the server decides the same way.
  const instant = booksInstantly(listing, user?.idVerified ?? false);
  const action = bookingActionOf(listing, user?.idVerified ?? false);
  const actionLabel = action === 'book' ? t('listing.bookNow') : action === 'apply' ? t('listing.apply') : t('listing.requestToBook');
  const modeText = instant
    ? t('property.booking.mode.instant')
    : listing.instantBooking
      ? user
        ? t('property.booking.mode.verifyToBook')
        : t('property.booking.mode.signInVerified')
      : t('property.booking.mode.request', { n: bookingAnswerHours });

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
    isDayDisabled(localIsoDate(date), {
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
    if (problem === 'season_stay_too_short') {
      const rule = seasonMinStayRule(listing.priceRules, stay.checkIn, stay.checkOut);
      const n = rule?.minNights ?? 0;
      return rule?.preset
        ? t('property.booking.problems.season_stay_too_short', { count: n, n, season: t(`priceRules.presets.${rule.preset}`) })
        : t('property.booking.problems.dates_stay_too_short', { count: n, n, dates: rule ? ruleDates(rule, language) : '' });
    }
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
    if (listing.type === 'hotel' && stay.children.length) request.children = stay.children;
    if (listing.type === 'rental' && stay.leaseOption) request.leaseOption = stay.leaseOption;
    const signature = JSON.stringify(request);
    // One key per attempt; a retry of the same attempt (after a network failure) sends the same key.
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: crypto.randomUUID() };
    setPending(true);
    setSubmitError(null);
    try {
      const booking = await createBooking(request, attempt.current.key, language);
      attempt.current = null;
      // Paid by card: the guest finishes on the payment page, which brings them back to My Bookings.
      if (booking.checkoutUrl) {
        window.location.assign(booking.checkoutUrl);
        return;
      }
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
      setSubmitError(errorText(t, error, { max: maxPendingRequestsPerGuest }));
      if (isApiError(error) && error.code === 'dates_unavailable') void heldQuery.refetch();
    } finally {
      setPending(false);
    }
  };

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

  const priceLine = (
    <PriceWithUnit
      type={listing.type}
      price={unitPrice ?? 0}
      language={language}
      amount={<span className="text-lg font-bold text-slate-900 dark:text-white" />}
    />
  );
  // The bar below lg brings the panel into view and focuses it, for the keyboard and screen readers too.
  const openPanel = () => {
    const panel = panelRef.current;
    if (!panel) return;
    panel.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
    panel.focus({ preventScroll: true });
  };

  return (
    <>
      <StickyBookingBar
        price={priceLine}
        total={quote && !evaluation?.problem ? formatPrice(quote.total, language) : null}
        label={actionLabel}
        onOpen={openPanel}
      />
      <Card
        as="section"
        ref={panelRef}
        tabIndex={-1}
        aria-labelledby={`${id}-title`}
        data-testid="booking-panel"
        // Below the page on phones (about 160 elements): drawn when near the screen (web/styles.css).
        className="drawn-when-near scroll-mt-24 p-5 [--drawn-size:900px] shadow-lg shadow-slate-900/5 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:p-6 dark:shadow-black/30"
      >
        <h2 id={`${id}-title`} className="sr-only">
          {t('property.booking.title')}
        </h2>
        <p className="text-slate-600 dark:text-slate-400" data-testid="booking-price">
          <PriceWithUnit
            type={listing.type}
            price={unitPrice ?? 0}
            language={language}
            amount={<span className="text-2xl font-bold text-slate-900 dark:text-white" />}
          />
        </p>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {availability} · {t('property.booking.stayLength', { min: listing.minStayDays, max: listing.maxStayDays })}
        </p>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400" data-testid="booking-check-in-time">
          {t('property.checkInFrom', { time: listing.checkInTime })}
        </p>
        {listing.keepsShabbat && (
          <p className="mt-2 text-xs font-medium text-slate-700 dark:text-slate-300" data-testid="booking-keeps-shabbat">
            {t('property.keepsShabbat')}
          </p>
        )}

        <div className="mt-5 flex flex-col gap-4">
          <BookingDates
            stay={stay}
            onPickDay={pickDay}
            onClear={() => update({ checkIn: '', checkOut: '' })}
            disabled={disabledDay}
            initialMonth={listing.availableFrom ?? undefined}
            shabbat={listing.keepsShabbat ? { checkInTime: listing.checkInTime, city: listing.city } : undefined}
          />

          {stay.checkIn && stay.checkOut && stay.checkOut > stay.checkIn && (
            <Suspense fallback={null}>
              <StayHolidays checkIn={stay.checkIn} checkOut={stay.checkOut} />
            </Suspense>
          )}

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
                onChange={(rooms) => update(clampParty(listing, { rooms, guests: stay.guests, children: stay.children }))}
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
              min={stay.children.length + 1}
              max={Math.min(limits.maxGuests + stay.children.filter(isInfant).length, maxPartyGuests)}
              lessLabel={t('property.booking.fewerGuests')}
              moreLabel={t('property.booking.moreGuests')}
              onChange={(guests) => update(clampParty(listing, { rooms: stay.rooms, guests, children: stay.children }))}
              testId="booking-guests"
            />
            {listing.type === 'hotel' && (
              <BookingChildren
                ages={stay.children}
                max={Math.min(stay.guests - 1, maxPartyChildren)}
                onChange={(children) => update(clampParty(listing, { rooms: stay.rooms, guests: stay.guests, children }))}
              />
            )}
          </div>

          {listing.type === 'rental' && listing.leaseOptions.length > 0 && (
            <SelectField
              id={`${id}-lease`}
              label={t('listing.leaseLabel')}
              value={stay.leaseOption}
              onChange={(event) => {
                const value = event.target.value;
                update({ leaseOption: value, ...(value && stay.checkIn ? { checkOut: leaseEndDate(stay.checkIn, value) } : {}) });
              }}
              data-testid="booking-lease"
              options={[
                { value: '', label: t('property.booking.customDates') },
                ...listing.leaseOptions.map((option) => ({ value: option, label: leaseLabel(option) })),
              ]}
            />
          )}

          {quote && <BookingBreakdown quote={quote} />}
          {quote && <PaymentPlanLine quote={quote} />}
          <BookingPolicyLine listing={listing} stay={quote ? { checkIn: stay.checkIn, checkOut: stay.checkOut } : null} />

          <BookingNotices
            error={submitError}
            problem={evaluation?.problem ? { code: evaluation.problem, text: problemText(evaluation.problem) } : null}
            success={success}
          />

          <Button size="lg" className="w-full" disabled={!canBook} onClick={() => void submit()} data-testid="booking-action">
            {pending && <Spinner className="size-4" />}
            {pending ? t('property.booking.sending') : actionLabel}
          </Button>
          {!user && <p className="-mt-2 text-center text-xs text-slate-500 dark:text-slate-400">{t('property.booking.signInHint')}</p>}
          <p
            className="text-center text-sm text-slate-600 dark:text-slate-300"
            data-testid="booking-mode"
            data-mode={instant ? 'instant' : 'request'}
          >
            {modeText}
          </p>
          <p className="text-center text-sm text-slate-500 dark:text-slate-400" data-testid="booking-not-charged">
            {t('property.booking.notCharged')}
          </p>
        </div>
      </Card>
    </>
  );
}
