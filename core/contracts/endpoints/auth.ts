import { apiErrorBodySchema } from '../../api-types.ts';
import {
  passwordResetCheckSchema,
  passwordResetCompleteSchema,
  passwordResetRequestSchema,
  signInSchema,
  signUpSchema,
} from '../../auth-schemas.ts';
import { authOkSchema, mailedTokenQuerySchema, sessionResponseSchema, signInResponseSchema } from '../auth.ts';
import { closeAccountBodySchema, closeAccountResponseSchema } from '../my-data.ts';
import {
  passkeyAuthenticationOptionsSchema,
  passkeyIdParamsSchema,
  passkeyRegisterSchema,
  passkeyRegistrationOptionsSchema,
  passkeyRenameSchema,
  passkeySignInSchema,
  passkeySummarySchema,
  recoveryCodesSchema,
  secondFactorCodeSchema,
  secondFactorTokenSchema,
  signedInSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpSetupSchema,
  twoFactorStateSchema,
} from '../two-factor.ts';
import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';

export const authEndpoints = defineEndpoints('auth', {
  'POST /api/auth/sign-up': {
    summary: 'Create an account; the answer is the same whether or not the e-mail is registered',
    body: signUpSchema,
    responses: { 201: authOkSchema },
  },
  'GET /api/auth/confirm-email': {
    summary: 'The link in the confirmation e-mail: confirms the address and lands on the site root',
    query: mailedTokenQuerySchema,
  },
  'POST /api/auth/password-reset': {
    summary: 'Send a password-reset link; the answer is the same whether or not the e-mail is registered',
    body: passwordResetRequestSchema,
    responses: { 202: authOkSchema },
  },
  'POST /api/auth/password-reset/check': {
    summary: 'Tell whether a reset link can still be used, without using it: 410 reset_link_used, 400 invalid_reset_token',
    body: passwordResetCheckSchema,
    responses: { 200: authOkSchema },
  },
  'POST /api/auth/password-reset/complete': {
    summary: 'Choose a new password with a reset token; ends every session of the account',
    body: passwordResetCompleteSchema,
    responses: { 200: authOkSchema },
  },
  'POST /api/auth/sign-out-everywhere': {
    summary: 'End every session of the signed-in user',
    responses: { 204: z.null() },
  },
  'GET /api/session': {
    summary: 'The signed-in user, or null',
    responses: { 200: sessionResponseSchema },
  },
  'POST /api/auth/sign-in': {
    summary: 'Sign in with e-mail and password; sets the session cookie, or asks for the second factor',
    body: signInSchema,
    responses: { 200: signInResponseSchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 429: apiErrorBodySchema },
  },
  'POST /api/auth/sign-out': {
    summary: 'End the current session',
    responses: { 204: z.null() },
  },
  'POST /api/account/close': {
    summary:
      'Close the signed-in account after re-entering the password: 403 password_incorrect; 409 while a stay is ahead or money is owed. Ends every session; personal data is erased later',
    body: closeAccountBodySchema,
    responses: { 200: closeAccountResponseSchema, 403: apiErrorBodySchema, 409: apiErrorBodySchema, 429: apiErrorBodySchema },
  },
  'POST /api/auth/passkeys/registration-options': {
    summary: 'Begin adding a passkey: WebAuthn creation options and the step token',
    responses: { 200: passkeyRegistrationOptionsSchema, 429: apiErrorBodySchema },
  },
  'POST /api/auth/passkeys': {
    summary: 'Add a passkey: the authenticator’s answer to the creation options',
    body: passkeyRegisterSchema,
    responses: { 201: passkeySummarySchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema, 429: apiErrorBodySchema },
  },
  'PATCH /api/auth/passkeys/:id': {
    summary: 'Rename one of my passkeys',
    params: passkeyIdParamsSchema,
    body: passkeyRenameSchema,
    responses: { 200: passkeySummarySchema },
  },
  'DELETE /api/auth/passkeys/:id': {
    summary: 'Remove one of my passkeys',
    params: passkeyIdParamsSchema,
    responses: { 204: z.null() },
  },
  'POST /api/auth/passkeys/sign-in-options': {
    summary: 'Begin signing in with a passkey (no password): WebAuthn request options and the step token',
    responses: { 200: passkeyAuthenticationOptionsSchema, 429: apiErrorBodySchema },
  },
  'POST /api/auth/passkeys/sign-in': {
    summary: 'Sign in with a passkey: the authenticator’s answer; sets the session cookie',
    body: passkeySignInSchema,
    responses: {
      200: signedInSchema,
      400: apiErrorBodySchema,
      401: apiErrorBodySchema,
      403: apiErrorBodySchema,
      429: apiErrorBodySchema,
    },
  },
  'POST /api/auth/sign-in/second-factor/passkey-options': {
    summary: 'Use a passkey as the second factor of a pending sign-in: WebAuthn request options',
    body: secondFactorTokenSchema,
    responses: { 200: passkeyAuthenticationOptionsSchema, 400: apiErrorBodySchema, 429: apiErrorBodySchema },
  },
  'POST /api/auth/sign-in/second-factor/passkey': {
    summary: 'Finish a pending sign-in with a passkey; sets the session cookie',
    body: passkeySignInSchema,
    responses: { 200: signedInSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema, 429: apiErrorBodySchema },
  },
  'GET /api/auth/two-factor': {
    summary: 'The second factor of the signed-in member: app, recovery codes left, passkeys',
    responses: { 200: twoFactorStateSchema },
  },
  'POST /api/auth/two-factor/totp/setup': {
    summary: 'Begin adding an authenticator app: a new secret, shown once with its QR code',
    responses: { 200: totpSetupSchema, 409: apiErrorBodySchema, 429: apiErrorBodySchema },
  },
  'POST /api/auth/two-factor/totp/confirm': {
    summary: 'Confirm the authenticator app with a code; answers the ten recovery codes, shown once',
    body: totpConfirmSchema,
    responses: { 200: recoveryCodesSchema, 409: apiErrorBodySchema, 429: apiErrorBodySchema },
  },
  'POST /api/auth/two-factor/totp/disable': {
    summary: 'Turn the authenticator app off (password and a code); its recovery codes go too',
    body: totpDisableSchema,
    responses: { 200: authOkSchema, 409: apiErrorBodySchema, 429: apiErrorBodySchema },
  },
  'POST /api/auth/two-factor/recovery-codes': {
    summary: 'Ten new recovery codes (password and a code); the old ones stop working',
    body: totpDisableSchema,
    responses: { 200: recoveryCodesSchema, 409: apiErrorBodySchema, 429: apiErrorBodySchema },
  },
  'POST /api/auth/sign-in/second-factor': {
    summary: 'Finish signing in with a code from the authenticator app or a recovery code; sets the session cookie',
    body: secondFactorCodeSchema,
    responses: { 200: signedInSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema, 429: apiErrorBodySchema },
  },
});
