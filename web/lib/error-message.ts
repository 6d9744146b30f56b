import type { ErrorCode } from '../../core/error-codes.ts';
import type en from '../i18n/en.json';
import type { TFunction, TranslationKey, TranslationValues } from '../i18n/translator.ts';
import { isApiError } from './api-client.ts';

/** Codes only the browser produces: the server could not be reached, or answered something unreadable. */
type ClientCode = 'network_error' | 'unknown';
type MessageCode = ErrorCode | ClientCode;

// Every code the server may send has a message: a code added to core/error-codes.ts without one
// in the translations fails the type check here, not in front of a user.
type MissingMessages = Exclude<MessageCode, keyof (typeof en)['errors']['codes']>;
const everyCodeHasAMessage: [MissingMessages] extends [never] ? true : MissingMessages = true;
void everyCodeHasAMessage;

/**
 * The message for an error, in the language of `t`: the API code's own message, or the generic one
 * for a failure without a code and for a code the translations do not have (a newer server's). The
 * translations themselves say which codes have a message, so the browser loads no list of codes
 * (it was in every page's first load), and the server's render and the browser's agree: both have
 * the shown language's translations, with the same keys in both languages (translations.test.ts).
 * `values` fill a message's placeholders: the booking panel's limit of waiting requests (`{{max}}`).
 */
export function errorText(t: TFunction, error: unknown, values?: TranslationValues): string {
  const generic = t('errors.codes.unknown');
  if (!isApiError(error)) return generic;
  return t(`errors.codes.${error.code}` as TranslationKey, { ...values, defaultValue: generic });
}
