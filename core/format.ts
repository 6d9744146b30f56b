import { localeOf, type Language } from './languages.ts';

const numberFormats = {
  price: { style: 'currency', currency: 'ILS', maximumFractionDigits: 0, minimumFractionDigits: 0 },
  rating: { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  number: {},
} as const satisfies Record<string, Intl.NumberFormatOptions>;

const numberFormatters = new Map<string, Intl.NumberFormat>();

/**
 * One formatter per kind and language for the page's lifetime: making an Intl.NumberFormat costs far
 * more than using one (a results page formats a price and a rating on each of its cards).
 */
function numberFormatter(kind: keyof typeof numberFormats, language: Language): Intl.NumberFormat {
  const key = `${kind}:${language}`;
  let formatter = numberFormatters.get(key);
  if (!formatter) numberFormatters.set(key, (formatter = new Intl.NumberFormat(localeOf(language), numberFormats[kind])));
  return formatter;
}

/** '₪1,200' in English, '‏1,200 ‏₪' in Hebrew: whole shekels, formatted for the language. */
export function formatPrice(amount: number, language: Language): string {
  return numberFormatter('price', language).format(amount);
}

/** A rating with one decimal: '4.8'. */
export function formatRating(value: number, language: Language): string {
  return numberFormatter('rating', language).format(value);
}

/** 'Florentin, Tel Aviv' for a listing in a neighbourhood, 'Tel Aviv' for one placed at the city itself. */
export function placeLabel(placeName: string, cityName: string, placedAtCity: boolean): string {
  return placedAtCity ? cityName : `${placeName}, ${cityName}`;
}

export function formatNumber(value: number, language: Language): string {
  return numberFormatter('number', language).format(value);
}
