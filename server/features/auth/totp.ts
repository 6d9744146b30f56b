import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * Authenticator-app codes (RFC 6238: SHA-1, six digits, 30 seconds, what every app expects) with
 * otplib v13. A code of the step before or after the server's is accepted too (clocks drift and a
 * code typed at a step's end arrives in the next); replay is refused by the caller, which keeps the
 * last accepted step (second-factor-repository.ts).
 */
const toleranceSeconds = 30;

export function newTotpSecret(): string {
  // 20 random bytes (160 bits), Base32: RFC 4226's recommended length.
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, accountName: string): string {
  return generateURI({ issuer: 'Lina', label: accountName, secret });
}

/** The otpauth:// address as an SVG QR code, drawn on the server so the browser loads no QR library. */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The time step the code belongs to when it is right, else null. */
export async function totpTimeStep(secret: string, code: string): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: toleranceSeconds });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
