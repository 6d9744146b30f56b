import { Bath, BedDouble, DoorOpen, PawPrint, Repeat, Users } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ListingDetail } from '../../../core/contracts/listings.ts';

function Fact({ icon: Icon, children }: { icon: typeof BedDouble; children: string }) {
  return (
    <li className="flex items-center gap-2 rounded-xl bg-slate-100 px-3 py-2 text-sm font-medium text-slate-700 dark:bg-slate-800/80 dark:text-slate-200">
      <Icon className="size-4 text-slate-500 dark:text-slate-400" aria-hidden="true" />
      {children}
    </li>
  );
}

/** The size of the place (rooms and guests) and its pet-friendly and swap badges. */
export function PropertyFacts({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      {/* A hotel is told by its rooms and the guests one room takes (its maxGuests is per room); a home by its bedrooms, bathrooms and guests. */}
      <ul className="flex flex-wrap gap-2" data-testid="property-facts">
        {listing.type === 'hotel' ? (
          <>
            {listing.roomCount !== null && (
              <Fact icon={DoorOpen}>{t('property.hotelRooms', { count: listing.roomCount, n: listing.roomCount })}</Fact>
            )}
            <Fact icon={Users}>{t('property.guestsPerRoom', { count: listing.maxGuests, n: listing.maxGuests })}</Fact>
          </>
        ) : (
          <>
            <Fact icon={BedDouble}>{t('property.bedrooms', { count: listing.bedrooms, n: listing.bedrooms })}</Fact>
            <Fact icon={Bath}>{t('property.bathrooms', { count: listing.bathrooms, n: listing.bathrooms })}</Fact>
            <Fact icon={Users}>{t('property.guests', { count: listing.maxGuests, n: listing.maxGuests })}</Fact>
          </>
        )}
      </ul>
      {(listing.petFriendly || (listing.type !== 'hotel' && listing.swapAvailable)) && (
        <div className="flex flex-wrap gap-2">
          {listing.petFriendly && (
            <span
              data-testid="property-pet-friendly"
              className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-900"
            >
              <PawPrint className="size-4" aria-hidden="true" />
              {t('listing.petFriendly')}
            </span>
          )}
          {listing.type !== 'hotel' && listing.swapAvailable && (
            <span
              data-testid="property-swap-available"
              className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-800 ring-1 ring-indigo-200 dark:bg-indigo-950/60 dark:text-indigo-200 dark:ring-indigo-900"
            >
              <Repeat className="size-4" aria-hidden="true" />
              {t('listing.swapAvailable')}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
