import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { signingKeys } from '../../db/schema.ts';

/**
 * The unsubscribe links of alert mails (decision 048): `<kind>.<id>.<signature>`, where the signature
 * is an HMAC-SHA256 of `<kind>.<id>` under a key only the server knows, so the link works without
 * signing in and nobody can make one for another member's alerts. The configuration has no secret
 * to sign with, so the key is drawn at random by the first instance that needs it and kept in the
 * database (signing_keys), where every instance reads the same one. A link has no expiry: a mail
 * read a year later must still stop the mails, and it can do nothing else.
 */
export type UnsubscribeTarget = { kind: 'search'; searchId: number } | { kind: 'price'; userId: string; propertyId: number };

const keyName = 'unsubscribe-links';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The key, made once: two instances racing both insert, one row wins and both read it. */
export async function unsubscribeKey(db: Database): Promise<string> {
  await db
    .insert(signingKeys)
    .values({ name: keyName, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: signingKeys.secret }).from(signingKeys).where(eq(signingKeys.name, keyName));
  return row!.secret;
}

function payloadOf(target: UnsubscribeTarget): string {
  return target.kind === 'search' ? `s.${target.searchId}` : `p.${target.propertyId}-${target.userId}`;
}

function signatureOf(key: string, payload: string): Buffer {
  return createHmac('sha256', key).update(`unsubscribe:${payload}`).digest();
}

export function signUnsubscribe(key: string, target: UnsubscribeTarget): string {
  const payload = payloadOf(target);
  return `${payload}.${signatureOf(key, payload).toString('base64url')}`;
}

/** What a token stops, or null when it is not one we signed (altered, cut, or made up). */
export function readUnsubscribe(key: string, token: string): UnsubscribeTarget | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  // The signature's text is compared, not its decoded bytes: base64 decoding ignores the last letter's
  // spare bits, so two texts would pass for one signature.
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signatureOf(key, payload).toString('base64url'));
  // Compared in constant time: the answer's timing says nothing about how much of a forgery was right.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const search = /^s\.(\d{1,9})$/.exec(payload);
  if (search) return { kind: 'search', searchId: Number(search[1]) };
  const price = /^p\.(\d{1,9})-(.+)$/.exec(payload);
  if (price && uuid.test(price[2]!)) return { kind: 'price', propertyId: Number(price[1]), userId: price[2]! };
  return null;
}
