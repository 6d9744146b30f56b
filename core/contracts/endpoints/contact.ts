import { contactMessageRecordSchema } from '../contact.ts';
import { adminRecordListEndpoint } from '../admin.ts';
import { contactMessageSchema } from '../../contact-schemas.ts';
import { sendContactMessageResponseSchema } from '../contact.ts';
import { defineEndpoints } from '../endpoint.ts';

export const contactEndpoints = defineEndpoints('contact', {
  'POST /api/contact': {
    summary: 'Send a message to the Lina team (name, e-mail, subject and message required)',
    body: contactMessageSchema,
    responses: { 201: sendContactMessageResponseSchema },
  },
  'GET /api/admin/contact-messages': adminRecordListEndpoint('Contact messages, newest first (admins only)', contactMessageRecordSchema),
});
