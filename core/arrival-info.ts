import { z } from 'zod';

/**
 * A listing's arrival information (issue 41, item 1): what a guest needs once the stay is confirmed.
 * Private: only the guest of a confirmed stay, the host and admins ever read it
 * (docs/decisions/046-arrival-information.md). Check-in instructions and the house manual are
 * written in both languages (either may be empty: the other is shown); a Wi-Fi network's name and
 * password are what the router says, the same in every language, so they are written once.
 */
export const arrivalInfoLimits = {
  instructionsMax: 2000,
  houseManualMax: 5000,
  wifiNameMax: 64,
  wifiPasswordMax: 128,
} as const;

const text = (max: number) => z.string().trim().max(max);

export const arrivalInfoSchema = z.object({
  checkInInstructionsEn: text(arrivalInfoLimits.instructionsMax),
  checkInInstructionsHe: text(arrivalInfoLimits.instructionsMax),
  houseManualEn: text(arrivalInfoLimits.houseManualMax),
  houseManualHe: text(arrivalInfoLimits.houseManualMax),
  wifiName: text(arrivalInfoLimits.wifiNameMax),
  wifiPassword: text(arrivalInfoLimits.wifiPasswordMax),
});
export type ArrivalInfo = z.infer<typeof arrivalInfoSchema>;

export const emptyArrivalInfo: ArrivalInfo = {
  checkInInstructionsEn: '',
  checkInInstructionsHe: '',
  houseManualEn: '',
  houseManualHe: '',
  wifiName: '',
  wifiPassword: '',
};

/** A text in the reader's language, or in the other one when the host wrote only that. */
export function inLanguage(en: string, he: string, language: 'en' | 'he'): string {
  return language === 'he' ? he || en : en || he;
}

/**
 * A link to a map at the listing's exact pin (OpenStreetMap, which needs no key and no script):
 * given only to people who may know the address. Coordinates are rounded to 6 decimals (~10 cm).
 */
export function mapLinkOf(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** The booking statuses in which the guest reads a stay's arrival information: confirmed, not yet over or cancelled. */
export const arrivalInfoStatuses = ['confirmed'] as const;

/** Hours before check-in at which the guest gets the arrival information again by mail. */
export const arrivalReminderHours = 48;
