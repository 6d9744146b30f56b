import type { ContactMessageInput } from '../../../core/contact-schemas.ts';
import { api } from '../../lib/api-client.ts';

/** Sends a message to the Lina team; the server checks the fields again (400 with a problem code per field). */
export const sendContactMessage = (message: ContactMessageInput) => api.post('/api/contact', { body: message });
