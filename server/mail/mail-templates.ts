import { formatDate, formatDateRange } from '../../core/format-date.ts';
import type { Language } from '../../core/languages.ts';
import { escapeHtml } from './escape-html.ts';
import mailTexts from './mail-texts.json' with { type: 'json' };

/**
 * The mails we send, in both languages: their wording is data (mail-texts.json, like the web app's translations), with
 * {{name}} placeholders filled from the mail's parameters. Admin-editable templates (settings) override the subject and opening.
 */
interface MailTexts {
  subject: string;
  intro: string;
  action?: string;
  /** A line after the opening: a booking's price. */
  details?: string;
  outro?: string;
}

export type TemplateName = keyof typeof mailTexts.en.templates | 'bookingUpdate';

/** The texts of one mail in one language, before its placeholders are filled. */
function textsOf(name: TemplateName, language: Language, params: Record<string, string>): MailTexts | undefined {
  const texts = mailTexts[language];
  // A booking's mail says what happened to it, and leads the host to the requests and the guest to their bookings;
  // a confirmed stay's mail ends with the link to its receipt.
  if (name === 'bookingUpdate') {
    const event = texts.bookingUpdate[params.event as keyof typeof texts.bookingUpdate];
    // A long stay's mails also lead to its agreement (decision 055).
    const outro =
      [params.receiptLink ? texts.bookingReceipt : null, params.agreementLink ? texts.bookingAgreement : null].filter(Boolean).join('\n') ||
      undefined;
    const price = texts.bookingPrice;
    const details = !params.total
      ? undefined
      : params.audience === 'host'
        ? price.host
        : params.payment === 'card'
          ? price.guestCard
          : price.guestOnArrival;
    return (
      event && {
        ...event,
        action: texts.bookingActions[params.audience === 'host' ? 'host' : 'guest'],
        ...(details ? { details } : {}),
        ...(outro ? { outro } : {}),
      }
    );
  }
  return (texts.templates as Record<string, MailTexts>)[name];
}

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A yyyy-MM-dd day as a Date at its local midnight (what core/format-date.ts reads), or null. */
function dayOf(value: string | undefined): Date | null {
  const match = value === undefined ? null : isoDay.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/**
 * The parameters with every day (yyyy-MM-dd) written as the site writes it in the recipient's language
 * ('Feb 07, 2027', '7 בפבר׳ 2027'): a mail is read by a person, not parsed (issue 41).
 */
function withDates(language: Language, params: Record<string, string>): Record<string, string> {
  const written: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const day = dayOf(value);
    written[name] = day ? formatDate(day, 'date', language) : value;
  }
  // A calendar event's nights, as a range (the calendar conflict mail).
  const eventStart = dayOf(params.eventStart);
  const eventEnd = dayOf(params.eventEnd);
  if (eventStart && eventEnd) written.eventDates = formatDateRange(eventStart, eventEnd, language);
  return written;
}

/** Parameters the texts use that are made from others: the stay's one-line summary and the sign-up's kind in words. */
function derivedParams(language: Language, params: Record<string, string>): Record<string, string> {
  const texts = mailTexts[language];
  const checkIn = dayOf(params.checkIn);
  const checkOut = dayOf(params.checkOut);
  const dates = checkIn && checkOut ? formatDateRange(checkIn, checkOut, language) : `${params.checkIn} – ${params.checkOut}`;
  return {
    ...withDates(language, params),
    stay: `${params.title}, ${dates}`,
    // A saved listing's dates in a price-drop mail (" for Feb 07 - Feb 21, 2027"), or nothing without dates.
    forDates: checkIn && checkOut ? texts.forDates.replace('{{dates}}', dates) : '',
    signupTypeLabel: texts.signupTypes[params.signupType === 'property_owner' ? 'property_owner' : 'discount_seeker'],
  };
}

/**
 * Hebrew's one-letter prefixes (מ, ל, ב, ש, ה, ו, כ) are written joined to a Hebrew word and with a
 * hyphen before a word in Latin letters or digits: "מיוסי" but "מ-Yossi". A prefix is one of those
 * letters at the start of the text or after a space or an opening quote or bracket.
 */
const hebrewPrefixed = /(^|[\s"'„“(])([בהוכלמש])\{\{(\w+)\}\}/g;

/** Fills {{name}} placeholders of an admin's wording; unknown ones stay as written. */
export function fillPlaceholders(text: string, params: Record<string, string>): string {
  return text
    .replace(hebrewPrefixed, (whole, before: string, prefix: string, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return /^[A-Za-z0-9]/.test(value) ? `${before}${prefix}-${value}` : `${before}${prefix}${value}`;
    })
    .replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
}

/**
 * The arrival information of a confirmed stay (issue 41, item 1), when the mail carries it (its
 * parameters arrivalAddress, arrivalMap, arrivalPhone, arrivalInstructions, ... are set by
 * server/features/bookings/arrival-mail.ts; arrival = 'yes'): a heading and one block per piece the host
 * gave, each label in the recipient's language. The map link is a link in the HTML.
 */
function arrivalBlocks(language: Language, params: Record<string, string>): { text: string; html: string }[] {
  if (params.arrival !== 'yes') return [];
  const texts = mailTexts[language].arrival;
  const fill = (text: string) => fillPlaceholders(text, params);
  const line = (text: string) => ({ text, html: escapeHtml(text) });
  const blocks = [{ text: texts.heading, html: `<strong>${escapeHtml(texts.heading)}</strong>` }];
  if (params.arrivalAddress) blocks.push(line(fill(texts.address)));
  if (params.arrivalMap) {
    const [label] = texts.map.split('{{');
    blocks.push({
      text: fill(texts.map),
      html: `${escapeHtml(label ?? '')}<a href="${escapeHtml(params.arrivalMap)}">${escapeHtml(params.arrivalMap)}</a>`,
    });
  }
  if (params.arrivalCheckInTime) blocks.push(line(fill(texts.checkIn)));
  blocks.push(line(fill(params.arrivalPhone ? texts.phone : texts.noPhone)));
  if (params.arrivalInstructions) blocks.push(line(`${texts.instructions}\n${params.arrivalInstructions}`));
  if (params.arrivalManual) blocks.push(line(`${texts.houseManual}\n${params.arrivalManual}`));
  if (params.arrivalWifiName) blocks.push(line(fill(texts.wifiName)));
  if (params.arrivalWifiPassword) blocks.push(line(fill(texts.wifiPassword)));
  return blocks;
}

/**
 * Renders a template as plain text and as simple, right-to-left-aware HTML. An admin's override
 * (settings) replaces the subject and the opening text; the button and closing words stay ours.
 */
export function renderMail(
  name: TemplateName,
  language: Language,
  params: Record<string, string>,
  link?: string,
  override?: { subject: string; body: string },
) {
  const texts = textsOf(name, language, params);
  if (!texts) throw new Error(`unknown mail template ${name}`);
  const filled = derivedParams(language, params);
  const fill = (text: string | undefined) => (text === undefined ? undefined : fillPlaceholders(text, filled));
  const action = fill(texts.action);
  const outro = fill(texts.outro);
  const details = fill(texts.details);
  // An admin's wording gets the mail's own parameters (its dates written out), not the derived ones.
  const own = override ? withDates(language, params) : filled;
  const subject = fillPlaceholders(override?.subject ?? texts.subject, own);
  const intro = fillPlaceholders(override?.body ?? texts.intro, own);
  const arrival = arrivalBlocks(language, filled);
  const arrivalText = arrival.length ? arrival.map((block) => block.text).join('\n') : null;
  // An alert's link that stops it without signing in (decision 048).
  const unsubscribe = params.unsubscribeLink ? { label: mailTexts[language].unsubscribe, link: params.unsubscribeLink } : null;
  const text = [
    intro,
    details,
    arrivalText,
    link && action ? `${action}: ${link}` : null,
    outro,
    unsubscribe && `${unsubscribe.label}: ${unsubscribe.link}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const dir = language === 'he' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a">
<p>${escapeHtml(intro)}</p>
${details ? `<p style="white-space:pre-line">${escapeHtml(details)}</p>` : ''}
${arrival.length ? `<div style="margin:16px 0;padding:12px 16px;border:1px solid #e2e8f0;border-radius:10px">${arrival.map((block) => `<p style="margin:6px 0;white-space:pre-line">${block.html}</p>`).join('')}</div>` : ''}
${link && action ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#fff;border-radius:10px;text-decoration:none">${escapeHtml(action)}</a></p>` : ''}
${outro ? `<p style="color:#475569;white-space:pre-line">${escapeHtml(outro)}</p>` : ''}
${unsubscribe ? `<p><a href="${escapeHtml(unsubscribe.link)}" style="color:#475569">${escapeHtml(unsubscribe.label)}</a></p>` : ''}
<p style="color:#94a3b8">Lina · לינה</p>
</body></html>`;
  return { subject, text, html };
}
