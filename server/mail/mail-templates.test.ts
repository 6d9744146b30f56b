import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange } from '../../core/format-date.ts';
import { renderMail } from './mail-templates.ts';

/** Issue 41 item 6: a mail writes dates as the site does, in the recipient's language, and Hebrew's attached prefixes take a hyphen before a Latin name. */
describe('mail texts', () => {
  const stay = { title: 'Sea loft', checkIn: '2027-02-07', checkOut: '2027-02-21', firstName: 'Dana', audience: 'guest' };
  const start = new Date(2027, 1, 7);
  const end = new Date(2027, 1, 21);

  it("writes a stay's dates as the site does, in English and in Hebrew, never as ISO", () => {
    for (const language of ['en', 'he'] as const) {
      const mail = renderMail('bookingUpdate', language, { ...stay, event: 'confirmed' });
      expect(mail.text).toContain(formatDateRange(start, end, language));
      expect(mail.text).not.toContain('2027-02-07');
      expect(mail.html).not.toContain('2027-02-21');
    }
    expect(renderMail('bookingUpdate', 'en', { ...stay, event: 'confirmed' }).text).toContain('Sea loft, Feb 07 - Feb 21, 2027');
  });

  it('writes single dates the same way, in an admin override too', () => {
    const conflict = {
      ...stay,
      feedName: 'Airbnb',
      eventStart: '2027-02-10',
      eventEnd: '2027-02-12',
      eventDates: '2027-02-10 – 2027-02-12',
    };
    const he = renderMail('calendarConflict', 'he', conflict);
    expect(he.text).toContain(formatDate(start, 'date', 'he'));
    expect(he.text).toContain(formatDateRange(new Date(2027, 1, 10), new Date(2027, 1, 12), 'he'));
    expect(he.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const overridden = renderMail('calendarConflict', 'en', conflict, undefined, { subject: 'Conflict', body: 'From {{checkIn}}' });
    expect(overridden.text).toContain(`From ${formatDate(start, 'date', 'en')}`);
  });

  it('puts a hyphen between a Hebrew prefix and a Latin name ("מ-Yossi"), not before a Hebrew one', () => {
    const message = (otherName: string) =>
      renderMail('bookingMessage', 'he', { firstName: 'דנה', otherName, title: 'לופט', body: 'שלום' }).subject;
    expect(message('Yossi')).toBe('הודעה חדשה מ-Yossi: לופט');
    expect(message('יוסי')).toBe('הודעה חדשה מיוסי: לופט');
    expect(renderMail('bookingUpdate', 'he', { ...stay, event: 'confirmed' }).text).toContain('השהייה שלך ב-Sea loft');
  });
  it("carries a confirmed stay's arrival information in the guest's language, with the map as a link", () => {
    const arrival = {
      ...stay,
      event: 'confirmed',
      otherName: 'Yossi',
      arrival: 'yes',
      arrivalAddress: 'הרצל 12, חיפה',
      arrivalMap: 'https://www.openstreetmap.org/?mlat=32.815600&mlon=34.989200#map=17/32.815600/34.989200',
      arrivalCheckInTime: '15:00',
      arrivalPhone: '+972-54-555-0199',
      arrivalInstructions: 'הקוד 4815',
      arrivalManual: '',
      arrivalWifiName: 'Lina',
      arrivalWifiPassword: 'secret-1',
    };
    const he = renderMail('bookingUpdate', 'he', arrival);
    expect(he.text).toContain('כתובת: הרצל 12, חיפה');
    expect(he.text).toContain(`צ׳ק-אין: החל מ-15:00 ב-${formatDate(start, 'date', 'he')}`);
    expect(he.text).toContain('הטלפון של המארח (Yossi): +972-54-555-0199');
    expect(he.text).toContain('הוראות צ׳ק-אין:\nהקוד 4815');
    expect(he.text).not.toContain('מדריך הבית');
    expect(he.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(he.html).toContain('<a href="https://www.openstreetmap.org/?mlat=32.815600&amp;mlon=34.989200#map=17/32.815600/34.989200">');
    const en = renderMail('bookingUpdate', 'en', { ...arrival, arrivalPhone: '' });
    expect(en.text).toContain('Yossi gave no phone number');
    expect(en.text).toContain('Wi-Fi password: secret-1');
    // Without it, a mail says nothing of arrival.
    expect(renderMail('bookingUpdate', 'en', { ...stay, event: 'confirmed' }).text).not.toContain('Arrival information');
  });
});
