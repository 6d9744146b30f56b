import type { TFunction } from '../i18n/translator.ts';

/**
 * A member's first name as pages show it: an erased account has none (docs/decisions/050-your-data.md),
 * and its reviews and messages are then signed "Former member" / "חבר לשעבר".
 */
export function memberName(t: TFunction, firstName: string | null | undefined): string {
  return firstName?.trim() ? firstName : t('people.formerMember');
}
