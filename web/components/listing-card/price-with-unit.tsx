import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { PropertyType } from '../../../core/constants.ts';
import { formatPrice } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { TaggedText } from '../tagged-text.tsx';

/** A listing's price is per night for hotels, per month for sublets and per week for rentals. */
const priceKeys = {
  hotel: 'listing.price.hotel',
  sublet: 'listing.price.sublet',
  rental: 'listing.price.rental',
} as const satisfies Record<PropertyType, string>;

/** '₪2,600/week': a listing's price with the unit of its type; `amount` wraps the figure (e.g. to set it in bold). */
export function PriceWithUnit({
  type,
  price,
  language,
  amount = <span />,
}: {
  type: PropertyType;
  price: number;
  language: Language;
  amount?: ReactElement;
}) {
  const { t } = useTranslation();
  return <TaggedText text={t(priceKeys[type], { price: formatPrice(price, language) })} components={{ price: amount }} />;
}
