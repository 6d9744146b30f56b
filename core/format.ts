import { localeOf, type Language } from './languages.ts';

const priceFormatters = new Map<Language, Intl.NumberFormat>();

/** '₪1,200' in English, '‏1,200 ‏₪' in Hebrew: whole shekels, formatted for the language. */
export function formatPrice(amount: number, language: Language): string {
  let formatter = priceFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeOf(language), {
      style: 'currency',
      currency: 'ILS',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    priceFormatters.set(language, formatter);
  }
  return formatter.format(amount);
}

/** 'Florentin, Tel Aviv' for a listing in a neighbourhood, 'Tel Aviv' for one placed at the city itself. */
export function placeLabel(placeName: string, cityName: string, placedAtCity: boolean): string {
  return placedAtCity ? cityName : `${placeName}, ${cityName}`;
}

export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}
