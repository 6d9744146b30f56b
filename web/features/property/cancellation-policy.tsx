import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSearchParams } from 'react-router';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { discountThresholds } from '../../../core/listing-fees.ts';
import { useLanguage } from '../../app/language.tsx';
import { israelWallClock } from '../../../core/dates.ts';
import { policyTerms, stayPolicy } from '../../lib/cancellation-text.ts';
import { formatDate } from '../../../core/format-date.ts';
import { initialStay } from './property-model.ts';
import { Section } from './property-sections.tsx';

type PolicyListing = Pick<ListingDetail, 'type' | 'cancellationPolicy' | 'checkInTime'>;

/** The policy of a stay (or of the listing without dates) and its free-cancellation deadline, in words. */
function usePolicyText(listing: PolicyListing, stay: { checkIn: string; checkOut: string } | null) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { policy, freeUntil } = stayPolicy(
    { propertyType: listing.type, cancellationPolicy: listing.cancellationPolicy, checkInTime: listing.checkInTime },
    stay,
  );
  const terms = policyTerms(policy);
  return {
    policy,
    name: t(`cancellation.names.${policy}`),
    terms: t(`cancellation.terms.${terms.key}`, terms.values),
    deadline: freeUntil ? t('cancellation.freeUntil', { date: formatDate(israelWallClock(freeUntil), 'dateTime', language) }) : null,
  };
}

/** The stay chosen in the booking panel: it writes the dates into the page's query. */
function useChosenStay(listing: Pick<ListingDetail, 'type' | 'leaseOptions'>) {
  const [params] = useSearchParams();
  const { checkIn, checkOut } = initialStay(params, listing.type === 'rental' ? listing.leaseOptions : []);
  return checkIn && checkOut ? { checkIn, checkOut } : null;
}

/**
 * "Cancellation policy" on the property page: the policy of the chosen stay in plain words (from
 * core/cancellation-policies.ts), and with dates chosen until when a booking made now cancels for free.
 */
export function CancellationPolicySection({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation();
  const stay = useChosenStay(listing);
  const text = usePolicyText(listing, stay);
  const nights = discountThresholds.monthlyNights;
  return (
    <Section title={t('cancellation.title')} testId="cancellation-policy">
      <div className="flex flex-col gap-2 text-sm text-slate-700 dark:text-slate-300" data-policy={text.policy}>
        <p>
          <span className="font-semibold text-slate-900 dark:text-white" data-testid="cancellation-policy-name">
            {text.name}
          </span>
          {' · '}
          <span data-testid="cancellation-policy-terms">{text.terms}</span>
        </p>
        {stay ? (
          <p className="font-medium text-slate-900 dark:text-white" data-testid="cancellation-policy-deadline">
            {text.deadline ?? t('cancellation.noFreeCancellation')}
          </p>
        ) : (
          <p className="text-slate-600 dark:text-slate-400">{t('cancellation.chooseDates')}</p>
        )}
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('cancellation.longStayApplies', { count: nights, n: nights })}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('cancellation.cleaningRefunded')}</p>
      </div>
    </Section>
  );
}

/** The booking panel's one line: the free-cancellation deadline of the chosen stay, else the policy's name. */
export function BookingPolicyLine({ listing, stay }: { listing: PolicyListing; stay: { checkIn: string; checkOut: string } | null }) {
  const { t } = useTranslation();
  const text = usePolicyText(listing, stay);
  return (
    <p className="text-center text-sm text-slate-700 dark:text-slate-300" data-testid="booking-policy" data-policy={text.policy}>
      {text.deadline ?? t('cancellation.policyLine', { policy: text.name })}
    </p>
  );
}
