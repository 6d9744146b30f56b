import { ArrowRight, BadgeCheck, ChevronDown, Clock, MapPin, PawPrint, Repeat } from 'lucide-react';
import { useId, useState, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSearchParams } from 'react-router';
import type { ListingCard as Listing } from '../../../core/contracts/search.ts';
import { bookingActionOf } from '../../../core/booking-action.ts';
import { formatPrice } from '../../../core/format.ts';
import { useSession } from '../../lib/session.ts';
import { cn } from '../../lib/cn.ts';
import { ResponsivePhoto } from '../responsive-photo.tsx';
import { LocalizedLink } from '../localized-link.tsx';
import { buttonClasses } from '../ui/button.tsx';
import { PriceWithUnit } from './price-with-unit.tsx';
import { amenityChips, isLeaseOption, leaseOptionKeys, partyOf, propertyHref, stayDatesOf } from './listing-card-model.ts';
import { Card } from '../ui/card.tsx';
import { Availability, FittingStay, Rating, StarRow } from './listing-card-facts.tsx';
import { listingFallbackImage } from './listing-card-model.ts';

/** A card's photo in a grid of one column on phones, two from 640 px and three from 1024 px. */
export const cardPhotoSizes = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

const actionKeys = { book: 'listing.bookNow', request: 'listing.requestToBook', apply: 'listing.apply' } as const;

/** Inner controls sit above the card's stretched link and keep their clicks to themselves. */
const stopPropagation = (event: SyntheticEvent) => event.stopPropagation();

function Badge({ icon: Icon, children, testId }: { icon: typeof PawPrint; children: string; testId: string }) {
  return (
    <span
      data-testid={testId}
      className="inline-flex items-center gap-1 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-slate-800 shadow-sm ring-1 ring-slate-900/5 backdrop-blur dark:bg-slate-950/85 dark:text-slate-100 dark:ring-white/10"
    >
      <Icon className="size-3.5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
      {children}
    </span>
  );
}

/**
 * A listing as results and the home page show it. The whole card is one link to
 * the property page (a stretched link: keyboard, middle-click and "open in new tab" work); the
 * action button and the lease select sit above it. The action goes to the property page too, with
 * the chosen stay dates (from the current search) and lease length, where the booking is made.
 * `photoAction` (e.g. the saved page's remove button) sits in the photo's top end corner, above the link.
 */
export function ListingCard({
  listing,
  language,
  photoAction,
  priority = false,
  photoSizes = cardPhotoSizes,
}: {
  listing: Listing;
  language: 'en' | 'he';
  photoAction?: ReactNode;
  /** The first card of a page whose cards are its main content: its photo loads first. */
  priority?: boolean;
  /** How wide the photo is drawn (the `sizes` attribute); the default suits a one-to-three column grid. */
  photoSizes?: string;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params] = useSearchParams();
  const id = useId();
  const [lease, setLease] = useState('');
  const [imageFailed, setImageFailed] = useState(false);
  // A flexible sublet search names the stay that fits this listing (core/flexible-dates.ts).
  const dates = listing.stay ?? stayDatesOf(params);
  // Hotel searches choose rooms, guests and children; home searches the guests.
  const party = listing.type === 'hotel' ? partyOf(params) : { guests: partyOf(params).guests };
  const { chips, more } = amenityChips(listing.amenities, { petFriendlyBadge: listing.petFriendly });
  const leaseOptions = listing.type === 'rental' ? listing.leaseOptions : [];
  const leaseLabel = (option: string) => (isLeaseOption(option) ? t(`listing.lease.${leaseOptionKeys[option]}`) : option);
  // Older answers (and caches of them) carry only the address.
  const photo = listing.photo ?? (listing.photoUrl ? { url: listing.photoUrl, width: null, height: null } : null);
  // The button says what will happen for this viewer, as the property page's does (issue 41): a card
  // cached before instantBooking was sent counts as a request.
  const action = bookingActionOf({ type: listing.type, instantBooking: listing.instantBooking ?? false }, user?.idVerified ?? false);
  const actionLabel = t(actionKeys[action]);
  const actionHref = propertyHref(listing.id, { dates, party, lease: listing.type === 'rental' ? lease : undefined });

  return (
    <Card
      as="article"
      data-testid="results-card"
      data-id={listing.id}
      data-type={listing.type}
      aria-labelledby={`${id}-title`}
      className={cn(
        'group @container relative flex h-full flex-col overflow-hidden shadow-sm transition-shadow hover:shadow-lg',
        // Out of sight, drawn only when near the screen (web/styles.css); a card is 475-560 px tall at every width.
        'drawn-when-near [--drawn-size:520px]',
        'dark:hover:border-slate-700 dark:hover:shadow-black/40',
        'has-[[data-card-link]:focus-visible]:ring-2 has-[[data-card-link]:focus-visible]:ring-brand-500 has-[[data-card-link]:focus-visible]:ring-offset-2',
        'dark:has-[[data-card-link]:focus-visible]:ring-brand-400 dark:has-[[data-card-link]:focus-visible]:ring-offset-slate-950',
      )}
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100 dark:bg-slate-800">
        <ResponsivePhoto
          photo={imageFailed ? null : photo}
          fallbackSrc={listingFallbackImage}
          fallbackWidth={800}
          fallbackHeight={600}
          sizes={photoSizes}
          priority={priority}
          alt={listing.title}
          onError={() => setImageFailed(true)}
          data-testid="card-image"
          className="size-full object-cover transition-transform duration-500 ease-out group-hover:scale-[1.04] motion-reduce:group-hover:scale-100"
        />
        {(listing.verifiedPlace || listing.petFriendly || (listing.type !== 'hotel' && listing.swapAvailable)) && (
          <div className={cn('absolute start-3 top-3 flex flex-wrap gap-1.5', photoAction ? 'end-16' : 'end-3')}>
            {listing.verifiedPlace && (
              <Badge icon={BadgeCheck} testId="card-verified-place">
                {t('listing.verifiedPlace')}
              </Badge>
            )}
            {listing.petFriendly && (
              <Badge icon={PawPrint} testId="card-pet-friendly">
                {t('listing.petFriendly')}
              </Badge>
            )}
            {listing.type !== 'hotel' && listing.swapAvailable && (
              <Badge icon={Repeat} testId="card-swap-available">
                {t('listing.swapAvailable')}
              </Badge>
            )}
          </div>
        )}
        {photoAction && <div className="absolute end-3 top-3 z-10">{photoAction}</div>}
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        {listing.type === 'hotel' && (
          <div className="flex items-center justify-between gap-2">
            {listing.starRating ? <StarRow stars={listing.starRating} /> : <span />}
            <Rating listing={listing} language={language} />
          </div>
        )}

        <div className="min-w-0">
          <h3 id={`${id}-title`} className="text-base leading-snug font-semibold text-slate-900 dark:text-white" dir="auto">
            <LocalizedLink
              to={propertyHref(listing.id, { dates, party })}
              data-card-link=""
              data-testid="card-link"
              className="line-clamp-2 outline-none after:absolute after:inset-0 after:z-0 after:content-[''] hover:text-brand-800 dark:hover:text-brand-300"
            >
              {listing.title}
            </LocalizedLink>
          </h3>
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400" data-testid="card-location">
            <MapPin className="size-4 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden="true" />
            <span className="truncate" dir="auto">
              {listing.location}
            </span>
          </p>
        </div>

        {chips.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('listing.amenitiesLabel')} data-testid="card-amenities">
            {chips.map((key) => (
              <li
                key={key}
                className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300"
              >
                {t(`listing.amenities.${key}`)}
              </li>
            ))}
            {more > 0 && (
              <li
                data-testid="card-more-amenities"
                className="rounded-md border border-dashed border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-600 dark:border-slate-600 dark:text-slate-400"
              >
                {t('listing.moreAmenities', { count: more, n: more })}
              </li>
            )}
          </ul>
        )}

        {listing.type === 'sublet' && (
          <div className="flex flex-col gap-1.5">
            <p className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300" data-testid="card-duration">
              <Clock className="size-4 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden="true" />
              <span>
                {listing.durationMonths
                  ? t('listing.months', { count: listing.durationMonths, n: listing.durationMonths })
                  : t('listing.flexible')}
              </span>
            </p>
            <Availability listing={listing} language={language} />
            {listing.stay && <FittingStay stay={listing.stay} askedCheckIn={params.get('checkIn')} language={language} />}
          </div>
        )}

        <div className="mt-auto flex flex-col gap-3 border-t border-slate-100 pt-3 dark:border-slate-800">
          {leaseOptions.length > 0 && (
            <div className="relative z-10">
              <label htmlFor={`${id}-lease`} className="sr-only">
                {t('listing.leaseLabel')}
              </label>
              <select
                id={`${id}-lease`}
                value={lease}
                onChange={(event) => setLease(event.target.value)}
                onClick={stopPropagation}
                data-testid="card-lease"
                className={cn(
                  'block h-10 w-full appearance-none rounded-xl border border-slate-300 bg-white ps-3 pe-9 text-sm text-slate-900 shadow-xs',
                  'focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/40',
                  'dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:[color-scheme:dark]',
                  lease === '' && 'text-slate-500 dark:text-slate-400',
                )}
              >
                <option value="" disabled>
                  {t('listing.selectLease')}
                </option>
                {leaseOptions.map((option) => (
                  <option key={option} value={option}>
                    {leaseLabel(option)}
                  </option>
                ))}
              </select>
              <ChevronDown
                className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
                aria-hidden="true"
              />
            </div>
          )}
          {/* Price and action side by side when the card is wide enough, else stacked. */}
          <div className="flex flex-col gap-3 @xs:flex-row @xs:items-center @xs:justify-between">
            <div className="flex flex-col">
              <p className="text-sm whitespace-nowrap text-slate-600 dark:text-slate-400" data-testid="card-price">
                <PriceWithUnit
                  type={listing.type}
                  price={listing.price}
                  language={language}
                  amount={<span className="text-lg font-bold text-slate-900 dark:text-white" />}
                />
              </p>
              {/* A search with dates: what the whole stay costs, fees and service fee included. */}
              {listing.stayTotal !== null ? (
                <p className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-400" data-testid="card-stay-total">
                  {t('listing.stayTotal', { price: formatPrice(listing.stayTotal, language) })}
                </p>
              ) : null}
            </div>
            <LocalizedLink
              to={actionHref}
              onClick={(event: MouseEvent) => event.stopPropagation()}
              data-testid="card-action"
              className={buttonClasses('primary', 'sm', 'relative z-10 w-full shrink-0 @xs:w-auto')}
            >
              {actionLabel}
              <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            </LocalizedLink>
          </div>
        </div>
      </div>
    </Card>
  );
}

/** A card-shaped placeholder while results load. */
export function ListingCardSkeleton() {
  return (
    <Card aria-hidden="true" data-testid="results-skeleton" className="flex h-full flex-col overflow-hidden shadow-sm">
      <div className="aspect-[4/3] animate-pulse bg-slate-200 dark:bg-slate-800" />
      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
        <div className="flex gap-1.5">
          <div className="h-5 w-16 animate-pulse rounded-md bg-slate-200 dark:bg-slate-800" />
          <div className="h-5 w-20 animate-pulse rounded-md bg-slate-200 dark:bg-slate-800" />
          <div className="h-5 w-14 animate-pulse rounded-md bg-slate-200 dark:bg-slate-800" />
        </div>
        <div className="mt-auto flex items-center justify-between border-t border-slate-100 pt-3 dark:border-slate-800">
          <div className="h-6 w-24 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-9 w-28 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
        </div>
      </div>
    </Card>
  );
}
