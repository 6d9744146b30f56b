import { BadgeCheck, Check, MapPin, Star, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { accessibilityFeatures, houseRuleKeys, ratingScale } from '../../../core/constants.ts';
import { formatRating } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { isAmenityKey, type AmenityKey } from '../../components/listing-card/listing-card-model.ts';
import { cn } from '../../lib/cn.ts';
import { amenityList } from './property-model.ts';

type HouseRule = (typeof houseRuleKeys)[number];
const houseRuleSet = new Set<string>(houseRuleKeys);
const isHouseRule = (key: string): key is HouseRule => houseRuleSet.has(key);

/** A titled part of the property page; `className` adds to its own (drawn-when-near for the long ones). */
export function Section({
  title,
  children,
  testId,
  className,
}: {
  title: string;
  children: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <section className={cn('border-t border-slate-200 pt-8 dark:border-slate-800', className)} data-testid={testId}>
      <h2 className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function Stars({ value, className, testId }: { value: number; className?: string; testId?: string }) {
  const { t } = useTranslation();
  const stars = Math.round(value);
  return (
    <span
      role="img"
      aria-label={t('listing.starsLabel', { stars })}
      data-testid={testId}
      className={cn('flex items-center gap-0.5', className)}
    >
      {Array.from({ length: ratingScale }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn('size-4', index < stars ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-slate-300 dark:text-slate-600')}
        />
      ))}
    </span>
  );
}

export function RatingSummary({ average, count, language }: { average: number | null; count: number; language: Language }) {
  const { t } = useTranslation();
  if (average === null) {
    return (
      <span
        data-testid="property-rating"
        className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-100 dark:bg-brand-950/70 dark:text-brand-200 dark:ring-brand-900"
      >
        {t('listing.new')}
      </span>
    );
  }
  const rating = formatRating(average, language);
  return (
    <span data-testid="property-rating" className="inline-flex items-center gap-1 text-sm text-slate-700 dark:text-slate-200">
      <Star className="size-4 fill-slate-900 text-slate-900 dark:fill-white dark:text-white" aria-hidden="true" />
      <span className="font-semibold">{rating}</span>
      <span className="text-slate-500 dark:text-slate-400">{t('listing.reviewCount', { count, n: count })}</span>
      <span className="sr-only">{t('listing.ratingLabel', { rating })}</span>
    </span>
  );
}

/** Title, place, stars, rating, size and badges. */
export function PropertyHeader({ listing, language, actions }: { listing: ListingDetail; language: Language; actions: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold text-white dark:bg-white dark:text-slate-900">
          {t(`property.types.${listing.type}`)}
        </span>
        {listing.type === 'hotel' && listing.starRating ? <Stars value={listing.starRating} testId="property-stars" /> : null}
        <RatingSummary average={listing.ratingAverage} count={listing.reviewCount} language={language} />
        {listing.verifiedPlace && (
          <span
            data-testid="property-verified-place"
            title={t('listing.verifiedPlaceHint')}
            className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-400/30"
          >
            <BadgeCheck className="size-3.5" aria-hidden="true" />
            {t('listing.verifiedPlace')}
            <span className="sr-only">: {t('listing.verifiedPlaceHint')}</span>
          </span>
        )}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
            dir="auto"
            data-testid="property-title"
          >
            {listing.title}
          </h1>
          <p className="mt-1.5 flex items-center gap-1.5 text-slate-600 dark:text-slate-300" data-testid="property-location">
            <MapPin className="size-4 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden="true" />
            <span dir="auto">{listing.location}</span>
          </p>
          {listing.address ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="property-address">
              <span className="font-medium">{t('property.address')}</span> <span dir="auto">{listing.address}</span>
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-2">{actions}</div>
      </div>
    </header>
  );
}

export function Description({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation();
  return (
    <Section title={t('property.aboutTitle')} testId="property-description">
      <p className="leading-7 whitespace-pre-line text-slate-700 dark:text-slate-300" dir="auto">
        {listing.description}
      </p>
    </Section>
  );
}

/** One amenity, with whether the listing has it (a tick, or a cross and struck through). */
function AmenityItem({ amenity, included }: { amenity: AmenityKey; included: boolean }) {
  const { t } = useTranslation();
  return (
    <li
      data-testid={included ? 'amenity-included' : 'amenity-excluded'}
      data-key={amenity}
      className={cn(
        'flex items-center gap-3 text-sm',
        included ? 'text-slate-800 dark:text-slate-100' : 'text-slate-500 dark:text-slate-400',
      )}
    >
      <span
        className={cn(
          'flex size-7 shrink-0 items-center justify-center rounded-full',
          included
            ? 'bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300'
            : 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
        )}
      >
        {included ? <Check className="size-4" aria-hidden="true" /> : <X className="size-4" aria-hidden="true" />}
      </span>
      <span className={cn(!included && 'line-through decoration-slate-400/70')}>{t(`listing.amenities.${amenity}`)}</span>
      <span className="sr-only">({included ? t('property.included') : t('property.notIncluded')})</span>
    </li>
  );
}

const isAccessibilityFeature = (key: string) => (accessibilityFeatures as readonly string[]).includes(key);

export function Amenities({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation();
  // Accessibility features have their own section below.
  const items = amenityList(listing.type, listing.amenities).filter((item) => isAmenityKey(item.key) && !isAccessibilityFeature(item.key));
  return (
    <Section
      title={t('property.amenitiesTitle')}
      testId="property-amenities"
      // About 120 elements, below the fold: drawn when near the screen, at its usual height until then.
      className="drawn-when-near [--drawn-size:785px] sm:[--drawn-size:425px]"
    >
      <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {items.map(({ key, included }) => (isAmenityKey(key) ? <AmenityItem key={key} amenity={key} included={included} /> : null))}
      </ul>
    </Section>
  );
}

/**
 * The listing's accessibility features (issue 39, item 6): each of the five, had or not, so that a
 * guest who needs one reads the host's answer for every one, not only what the listing has.
 */
export function AccessibilityFeatures({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation();
  const has = new Set(listing.amenities);
  return (
    <Section title={t('property.accessibilityTitle')} testId="property-accessibility">
      <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {accessibilityFeatures.map((feature) => (
          <AmenityItem key={feature} amenity={feature} included={has.has(feature)} />
        ))}
      </ul>
    </Section>
  );
}

export function HouseRules({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation();
  const rules = listing.houseRules.filter(isHouseRule);
  if (rules.length === 0) return null;
  return (
    <Section title={t('property.rulesTitle')} testId="property-rules">
      <ul className="grid gap-2 sm:grid-cols-2">
        {rules.map((rule) => (
          <li key={rule} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300" data-testid="house-rule">
            <span className="size-1.5 shrink-0 rounded-full bg-brand-600 dark:bg-brand-400" aria-hidden="true" />
            {t(`property.rules.${rule}`)}
          </li>
        ))}
      </ul>
    </Section>
  );
}
