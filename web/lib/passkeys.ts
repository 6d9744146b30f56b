import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/**
 * The browser's side of passkeys, with @simplewebauthn/browser, loaded only when a passkey is used or
 * added (a dynamic import: it stays out of every page's first load, docs/performance-rules.md).
 */
/** The server's answer to "begin": the step's token and the WebAuthn options. */
export interface PasskeyRequest {
  token: string;
  options: PublicKeyCredentialRequestOptionsJSON;
}
export interface PasskeyCreation {
  token: string;
  options: PublicKeyCredentialCreationOptionsJSON;
}

/** Whether this browser can use passkeys at all (WebAuthn). */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Asks the authenticator to sign the server's challenge; the answer as JSON for the server. */
export async function passkeyAssertion(options: PublicKeyCredentialRequestOptionsJSON) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options });
}

/** Asks the authenticator to make a passkey for this site; the answer as JSON for the server. */
export async function passkeyRegistration(options: PublicKeyCredentialCreationOptionsJSON) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options });
}

/** A passkey prompt the person closed or let time out: not an error worth a red message. */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
