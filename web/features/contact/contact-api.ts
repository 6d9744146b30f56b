import type { z } from 'zod';
import type { ContactMessageInput } from '../../../core/contact-schemas.ts';
import type { sendContactMessageResponseSchema } from '../../../core/contracts/contact.ts';
import { legacyApi } from '../../lib/api-client.ts';

/** Sends a message to the Lina team; the server checks the fields again (400 with a problem code per field). */
export const sendContactMessage = (message: ContactMessageInput) =>
  legacyApi.post<z.infer<typeof sendContactMessageResponseSchema>>('/api/contact', message);
