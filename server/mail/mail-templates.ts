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
    const outro = params.receiptLink ? texts.bookingReceipt : undefined;
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

/** Parameters the texts use that are made from others: the stay's one-line summary and the sign-up's kind in words. */
function derivedParams(language: Language, params: Record<string, string>): Record<string, string> {
  const texts = mailTexts[language];
  return {
    ...params,
    stay: `${params.title}, ${params.checkIn} – ${params.checkOut}`,
    signupTypeLabel: texts.signupTypes[params.signupType === 'property_owner' ? 'property_owner' : 'discount_seeker'],
  };
}

/** Fills {{name}} placeholders of an admin's wording; unknown ones stay as written. */
export function fillPlaceholders(text: string, params: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
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
  const subject = fillPlaceholders(override?.subject ?? texts.subject, override ? params : filled);
  const intro = fillPlaceholders(override?.body ?? texts.intro, override ? params : filled);
  const text = [intro, details, link && action ? `${action}: ${link}` : null, outro].filter(Boolean).join('\n\n');
  const dir = language === 'he' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a">
<p>${escapeHtml(intro)}</p>
${details ? `<p>${escapeHtml(details)}</p>` : ''}
${link && action ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#fff;border-radius:10px;text-decoration:none">${escapeHtml(action)}</a></p>` : ''}
${outro ? `<p style="color:#475569">${escapeHtml(outro)}</p>` : ''}
<p style="color:#94a3b8">Lina · לינה</p>
</body></html>`;
  return { subject, text, html };
}
