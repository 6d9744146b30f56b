import type { Language } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { newsletterSubscriptions } from '../../db/schema.ts';

/** Subscribing twice is not an error: the first subscription stands. */
export async function subscribe(db: Database, subscription: { email: string; language: Language; source: string }) {
  await db.insert(newsletterSubscriptions).values(subscription).onConflictDoNothing();
}
