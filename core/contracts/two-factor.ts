import { z } from 'zod';
import { sessionUserSchema } from './auth.ts';

/**
 * The second factor's and passkeys' shapes (docs/decisions/051-second-factor-and-passkeys.md): the
 * security page's state, authenticator-app enrolment, the sign-in step after the password, and
 * WebAuthn ceremonies (the browser's JSON, checked by @simplewebauthn/server).
 */

/** A code typed by the member: six digits or a recovery code; core/second-factor-rules.ts reads it. */
const codeSchema = z.string().max(40);
/** The token of a pending sign-in or of a WebAuthn ceremony (base64url of 32 bytes). */
const stepTokenSchema = z.string().min(10).max(100);

export const passkeySummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;

export const twoFactorStateSchema = z.object({
  /** An authenticator app is confirmed. */
  totpEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkeySummarySchema),
  /** The account must have a second factor (an admin in production). */
  required: z.boolean(),
});
export type TwoFactorState = z.infer<typeof twoFactorStateSchema>;

/** Shown once: the secret for typing by hand, its otpauth:// address and that address as a QR code (SVG). */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpConfirmSchema = z.object({ code: codeSchema });
/** Shown once: the ten recovery codes; only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Turning the authenticator app off (or new recovery codes) asks for the password and a current code. */
export const totpDisableSchema = z.object({ password: z.string().min(1).max(200), code: codeSchema });

export const secondFactorCodeSchema = z.object({ token: stepTokenSchema, code: codeSchema });
export const secondFactorTokenSchema = z.object({ token: stepTokenSchema });

/** A signed-in answer: the session user (the cookie is set). */
export const signedInSchema = z.object({ user: sessionUserSchema });

/**
 * WebAuthn options for the browser as @simplewebauthn/server makes them (PublicKeyCredentialRequestOptionsJSON /
 * CreationOptionsJSON): the fields the browser cannot do without are named, so the web's client is typed
 * with them (decision 064); any others are passed on as they are.
 */
const webauthnRequestOptionsSchema = z.looseObject({ challenge: z.string() });
const webauthnCreationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
});
export const passkeyRegistrationOptionsSchema = z.object({ token: z.string(), options: webauthnCreationOptionsSchema });
export const passkeyAuthenticationOptionsSchema = z.object({ token: z.string(), options: webauthnRequestOptionsSchema });

const base64url = z
  .string()
  .max(20_000)
  .regex(/^[A-Za-z0-9_-]*$/);
/** The browser's credential as JSON (RegistrationResponseJSON / AuthenticationResponseJSON). */
const credentialBase = {
  id: base64url.min(1).max(1400),
  rawId: base64url.min(1).max(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};
export const registrationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});
export const authenticationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

const passkeyNameSchema = z.string().trim().min(1).max(60);
export const passkeyRegisterSchema = z.object({
  token: stepTokenSchema,
  name: passkeyNameSchema,
  credential: registrationCredentialSchema,
});
export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });
export const passkeyIdParamsSchema = z.object({ id: z.uuid() });
export const passkeySignInSchema = z.object({ token: stepTokenSchema, credential: authenticationCredentialSchema });
