import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/**
 * The browser's side of passkeys, with @simplewebauthn/browser, loaded only when a passkey is used or
 * added (a dynamic import: it stays out of every page's first load, docs/performance-rules.md).
 */
/** Whether this browser can use passkeys at all (WebAuthn). */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/*
 * The answers below copy clientExtensionResults into a plain object: the DOM types it as an interface,
 * which TypeScript will not take for the contract's record of extension results (the same values).
 */

/** Asks the authenticator to sign the server's challenge; the answer as JSON for the server. */
export async function passkeyAssertion(options: PublicKeyCredentialRequestOptionsJSON) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const credential = await startAuthentication({ optionsJSON: options });
  return { ...credential, clientExtensionResults: { ...credential.clientExtensionResults } };
}

/** Asks the authenticator to make a passkey for this site; the answer as JSON for the server. */
export async function passkeyRegistration(options: PublicKeyCredentialCreationOptionsJSON) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const credential = await startRegistration({ optionsJSON: options });
  return { ...credential, clientExtensionResults: { ...credential.clientExtensionResults } };
}

/** A passkey prompt the person closed or let time out: not an error worth a red message. */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
