import { describe, expect, it } from 'vitest';
import { arrivalInfoLimits, arrivalInfoSchema, emptyArrivalInfo, inLanguage, mapLinkOf } from './arrival-info.ts';

describe('arrival information', () => {
  it('links to OpenStreetMap at the pin', () => {
    expect(mapLinkOf(32.0853, 34.781768)).toBe('https://www.openstreetmap.org/?mlat=32.085300&mlon=34.781768#map=17/32.085300/34.781768');
  });

  it('shows the reader’s language, else the other one', () => {
    expect(inLanguage('Key in the box', 'המפתח בתיבה', 'he')).toBe('המפתח בתיבה');
    expect(inLanguage('Key in the box', '', 'he')).toBe('Key in the box');
    expect(inLanguage('', 'המפתח בתיבה', 'en')).toBe('המפתח בתיבה');
  });

  it('bounds every text and trims it', () => {
    expect(arrivalInfoSchema.parse({ ...emptyArrivalInfo, wifiName: '  Lina-Home  ' }).wifiName).toBe('Lina-Home');
    expect(
      arrivalInfoSchema.safeParse({ ...emptyArrivalInfo, checkInInstructionsEn: 'x'.repeat(arrivalInfoLimits.instructionsMax + 1) })
        .success,
    ).toBe(false);
    expect(
      arrivalInfoSchema.safeParse({ ...emptyArrivalInfo, wifiPassword: 'p'.repeat(arrivalInfoLimits.wifiPasswordMax + 1) }).success,
    ).toBe(false);
    expect(arrivalInfoSchema.safeParse({ ...emptyArrivalInfo, houseManualHe: 5 }).success).toBe(false);
  });
});
