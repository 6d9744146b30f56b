import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A passkey authenticator in software, for API tests: an ES256 (P-256) key made with node:crypto,
 * 'none' attestation, and assertions signed over authenticatorData ‖ SHA-256(clientDataJSON) as
 * the WebAuthn specification says. It answers the options our routes give, as a browser would.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

/** The few CBOR items WebAuthn needs: integers, text, byte strings and maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

export interface SoftwareAuthenticator {
  credentialId: string;
  register(options: { challenge: string; user: { id: string } }): {
    id: string;
    rawId: string;
    type: 'public-key';
    clientExtensionResults: Record<string, never>;
    response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  };
  authenticate(options: { challenge: string }): {
    id: string;
    rawId: string;
    type: 'public-key';
    clientExtensionResults: Record<string, never>;
    response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  };
}

export function createSoftwareAuthenticator(origin: string, options: { userVerified?: boolean } = {}): SoftwareAuthenticator {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const rawId = randomBytes(16);
  const credentialId = b64url(rawId);
  // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  const coseKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  // User present (0x01), user verified (0x04) unless told otherwise.
  const presence = 0x01 | (options.userVerified === false ? 0 : 0x04);
  let counter = 0;
  let userHandle: string | undefined;
  const counterBytes = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  };

  return {
    credentialId,
    register({ challenge, user }) {
      userHandle = user.id;
      const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge, origin, crossOrigin: false });
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([presence | 0x40]), // attested credential data follows
        counterBytes(),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        rawId,
        coseKey,
      ]);
      const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      };
    },
    authenticate({ challenge }) {
      counter += 1;
      const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false });
      const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([presence]), counterBytes()]);
      // ECDSA over authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded (node:crypto's default for EC).
      const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), privateKey);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
      };
    },
  };
}
