import type { z } from 'zod';
import type { subscriptionRecordSchema } from '../../../core/contracts/newsletter.ts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Language } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { newsletterSubscriptions } from '../../db/schema.ts';

/** A new address gets a row and a confirmation; an unconfirmed one a fresh token; a confirmed one is left alone. */
export async function subscribe(
  db: Database,
  subscription: { email: string; language: Language; source: string; tokenHash: string },
  now: Date,
  resendAfterMs: number,
): Promise<'created' | 'resend' | 'recently_sent' | 'confirmed'> {
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({
      email: subscription.email,
      language: subscription.language,
      source: subscription.source,
      confirmTokenHash: subscription.tokenHash,
      confirmationSentAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  if (inserted.length > 0) return 'created';

  const [existing] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, subscription.email));
  if (!existing || existing.confirmedAt) return 'confirmed';
  if (existing.confirmationSentAt && now.getTime() - existing.confirmationSentAt.getTime() < resendAfterMs) return 'recently_sent';
  await db
    .update(newsletterSubscriptions)
    .set({ confirmTokenHash: subscription.tokenHash, confirmationSentAt: now, language: subscription.language })
    .where(and(eq(newsletterSubscriptions.id, existing.id), isNull(newsletterSubscriptions.confirmedAt)));
  return 'resend';
}

/** Confirms the subscription whose link carries this token; null when the token is unknown or used. */
export async function confirmSubscription(db: Database, tokenHash: string, now: Date): Promise<{ language: Language } | null> {
  const [row] = await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: now, confirmTokenHash: null })
    .where(and(eq(newsletterSubscriptions.confirmTokenHash, tokenHash), isNull(newsletterSubscriptions.confirmedAt)))
    .returning({ language: newsletterSubscriptions.language });
  return row ?? null;
}

export async function listSubscriptions(db: Database, limit: number, offset: number): Promise<z.infer<typeof subscriptionRecordSchema>[]> {
  return db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      language: newsletterSubscriptions.language,
      source: newsletterSubscriptions.source,
      confirmedAt: newsletterSubscriptions.confirmedAt,
      createdAt: newsletterSubscriptions.createdAt,
    })
    .from(newsletterSubscriptions)
    .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
    .limit(limit)
    .offset(offset);
}
