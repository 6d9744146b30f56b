/**
 * How members reach support, stated once for every page that tells it (contact page, help center,
 * terms) and checked against the Markdown content by a test: one address, one phone number, and
 * one set of opening hours, Sunday to Thursday in Israel time.
 */
export const supportContact = {
  email: 'support@lina.co.il',
  phone: '+972-3-555-0100',
  hours: { opens: '9:00', closes: '18:00' },
} as const;

/** The tel: link of the support phone number (digits and the leading plus only). */
export const supportPhoneHref = `tel:${supportContact.phone.replaceAll('-', '')}`;
