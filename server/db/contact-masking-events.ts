/**
 * The contact_masking_events table: one row each time masking (core/contact-masking.ts) hid
 * something a member wrote, in a message before a confirmed stay or in listing text. It keeps when,
 * where and what kinds, never the text (decision 049), and gives admins a count per member (the
 * Users tab). Shared by the messages and host-listings features, since the record must be one.
 */
import type { MaskKind } from '../../core/contact-masking.ts';
import type { Executor } from './database.ts';
import { contactMaskingEvents } from './schema.ts';

export async function recordContactMasking(
  db: Executor,
  event: { userId: string; source: 'message' | 'listing'; propertyId: number | null; kinds: readonly MaskKind[] },
) {
  if (event.kinds.length === 0) return;
  await db.insert(contactMaskingEvents).values({ ...event, kinds: [...event.kinds] });
}
