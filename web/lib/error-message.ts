import { errorCodes, type ErrorCode } from '../../core/error-codes.ts';
import type en from '../i18n/en.json';
import { isApiError } from './api-client.ts';

/** Codes only the browser produces: the server could not be reached, or answered something unreadable. */
const clientCodes = ['network_error', 'unknown'] as const;
type MessageCode = ErrorCode | (typeof clientCodes)[number];

// Every code the server may send has a message: a code added to core/error-codes.ts without one
// in the translations fails the type check here, not in front of a user.
type MissingMessages = Exclude<MessageCode, keyof (typeof en)['errors']['codes']>;
const everyCodeHasAMessage: [MissingMessages] extends [never] ? true : MissingMessages = true;
void everyCodeHasAMessage;

const messageCodes: readonly string[] = [...errorCodes, ...clientCodes];

export type ErrorMessageKey = `errors.codes.${MessageCode}`;

/** The translation key of the message for an API error code (unknown codes get the generic message). */
export function errorMessageKey(error: unknown): ErrorMessageKey {
  const code = isApiError(error) ? error.code : 'unknown';
  const known = messageCodes.includes(code) ? (code as MessageCode) : 'unknown';
  return `errors.codes.${known}`;
}
