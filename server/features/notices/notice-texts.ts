import { israelWallClock } from '../../../core/dates.ts';
import { formatDate, formatDateRange } from '../../../core/format-date.ts';
import { formatPrice } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { moveInDecisions, moveInReasons, type MoveInDecision, type MoveInReason } from '../../../core/move-in-rules.ts';
import type { NoticeKind } from '../../../core/notice-kinds.ts';
import mailTexts from '../../mail/mail-texts.json' with { type: 'json' };
import { fillPlaceholders } from '../../mail/mail-templates.ts';
import type { NoticeRow } from '../../notices/notices-repository.ts';

/**
 * The notices' words, in both languages side by side (a kind written in one language and not the
 * other fails the type check), and the one function that writes a notice in the reader's language
 * when it is read (decision 063). Placeholders are {{name}} as in the mails, and Hebrew's one-letter
 * prefixes join them the mails' way ("ב{{title}}", "ל-15 בינו׳"); the move-in reasons and outcomes
 * are the mails' own sentences (mail-texts.json), so a notice and its mail never say two things.
 */
type Texts = Record<NoticeKind, { title: string; body: string }>;

const texts: Record<Language, Texts> = {
  en: {
    period_failed: {
      title: 'Payment declined',
      body: 'We couldn’t charge {{amount}} for your stay at {{title}} ({{period}}). Pay now to keep your stay.',
    },
    period_action_required: {
      title: 'Your bank needs you',
      body: 'Your bank asked you to confirm the payment of {{amount}} for {{title}} ({{period}}). Pay now to keep your stay.',
    },
    period_grace_over: {
      title: 'A payment is overdue',
      body: 'The payment of {{amount}} for {{title}}, due {{due}}, is still unpaid. You may now end the stay.',
    },
    stay_ended_unpaid: {
      title: 'Your stay was ended',
      body: 'The host ended your stay at {{title}} because the payment of {{amount}} due {{due}} was not made.',
    },
    move_in_reported: {
      title: 'Move-in problem reported',
      body: '{{name}} reported a problem moving in to {{title}}: {{reason}}. Your payout for this stay is held until Lina decides.',
    },
    move_in_decided: { title: 'Move-in report decided', body: 'Lina decided the move-in report for {{title}}. {{outcome}}' },
    stay_change_proposed: {
      title: 'Change requested',
      body: '{{name}} asked to change the stay at {{title}} to {{dates}} ({{guests}} guests). Please answer within 24 hours.',
    },
    stay_change_accepted: { title: 'Change accepted', body: '{{name}} accepted your change: the stay at {{title}} is now {{dates}}.' },
    stay_change_declined: { title: 'Change declined', body: '{{name}} declined your change to {{title}}; the stay is as it was.' },
    stay_change_expired: {
      title: 'Change expired',
      body: 'Your change to {{title}} was not answered within 24 hours; the stay is as it was.',
    },
    stay_change_unpaid: {
      title: 'Pay the difference',
      body: 'Your change to {{title}} is accepted: pay the difference of {{amount}} by {{payBy}}, or the stay goes back to what it was.',
    },
    stay_change_lapsed: {
      title: 'Change undone',
      body: 'The difference of {{amount}} for the change to {{title}} was not paid in time; the stay is back to {{dates}}.',
    },
    booking_requested: {
      title: 'New booking request',
      body: '{{name}} asked to book {{title}} for {{dates}}. Please answer within 24 hours.',
    },
    booking_booked: { title: 'New booking', body: '{{name}} booked {{title}} for {{dates}}.' },
    booking_confirmed: { title: 'Booking confirmed', body: 'Your stay at {{title}}, {{dates}}, is confirmed.' },
    booking_declined: { title: 'Request declined', body: 'The host can’t accept your request for {{title}}, {{dates}}.' },
    booking_expired: { title: 'Request expired', body: 'Your request for {{title}}, {{dates}}, was not answered within 24 hours.' },
    booking_cancelled: { title: 'Booking cancelled', body: '{{name}} cancelled the booking of {{title}}, {{dates}}.' },
  },
  he: {
    period_failed: {
      title: 'התשלום נדחה',
      body: 'לא הצלחנו לחייב {{amount}} עבור השהייה שלך ב{{title}} ({{period}}). יש לשלם עכשיו כדי לשמור על השהייה.',
    },
    period_action_required: {
      title: 'הבנק מבקש את אישורך',
      body: 'הבנק שלך ביקש לאשר את התשלום של {{amount}} עבור {{title}} ({{period}}). יש לשלם עכשיו כדי לשמור על השהייה.',
    },
    period_grace_over: {
      title: 'תשלום באיחור',
      body: 'התשלום של {{amount}} עבור {{title}}, שמועדו {{due}}, עדיין לא שולם. אפשר עכשיו לסיים את השהייה.',
    },
    stay_ended_unpaid: {
      title: 'השהייה שלך הסתיימה',
      body: 'המארח/ת סיים/ה את השהייה שלך ב{{title}} כי התשלום של {{amount}} שמועדו {{due}} לא שולם.',
    },
    move_in_reported: {
      title: 'דיווח על בעיה בכניסה',
      body: '{{name}} דיווח/ה על בעיה בכניסה ל{{title}}: {{reason}}. התשלום שלך על השהייה מעוכב עד שצוות לינה יחליט.',
    },
    move_in_decided: { title: 'התקבלה החלטה בדיווח', body: 'צוות לינה החליט בדיווח על הכניסה ל{{title}}. {{outcome}}' },
    stay_change_proposed: {
      title: 'בקשה לשינוי',
      body: '{{name}} ביקש/ה לשנות את השהייה ב{{title}} ל{{dates}} ({{guests}} אורחים). יש לענות בתוך 24 שעות.',
    },
    stay_change_accepted: { title: 'השינוי אושר', body: '{{name}} אישר/ה את השינוי: השהייה ב{{title}} היא עכשיו {{dates}}.' },
    stay_change_declined: { title: 'השינוי נדחה', body: '{{name}} דחה/תה את השינוי בשהייה ב{{title}}; השהייה נשארת כפי שהייתה.' },
    stay_change_expired: {
      title: 'בקשת השינוי פגה',
      body: 'בקשת השינוי לשהייה ב{{title}} לא נענתה בתוך 24 שעות; השהייה נשארת כפי שהייתה.',
    },
    stay_change_unpaid: {
      title: 'תשלום ההפרש',
      body: 'השינוי בשהייה ב{{title}} אושר: יש לשלם את ההפרש של {{amount}} עד {{payBy}}, אחרת השהייה תחזור למה שהייתה.',
    },
    stay_change_lapsed: {
      title: 'השינוי בוטל',
      body: 'ההפרש של {{amount}} על השינוי בשהייה ב{{title}} לא שולם בזמן; השהייה חזרה ל{{dates}}.',
    },
    booking_requested: { title: 'בקשת הזמנה חדשה', body: '{{name}} ביקש/ה להזמין את {{title}} ל{{dates}}. יש לענות בתוך 24 שעות.' },
    booking_booked: { title: 'הזמנה חדשה', body: '{{name}} הזמין/ה את {{title}} ל{{dates}}.' },
    booking_confirmed: { title: 'ההזמנה אושרה', body: 'השהייה שלך ב{{title}}, {{dates}}, אושרה.' },
    booking_declined: { title: 'הבקשה נדחתה', body: 'המארח/ת לא יכול/ה לאשר את הבקשה שלך ל{{title}}, {{dates}}.' },
    booking_expired: { title: 'הבקשה פגה', body: 'הבקשה שלך ל{{title}}, {{dates}}, לא נענתה בתוך 24 שעות.' },
    booking_cancelled: { title: 'ההזמנה בוטלה', body: '{{name}} ביטל/ה את ההזמנה של {{title}}, {{dates}}.' },
  },
};

/** The other side when their first name is gone (an erased account) or was never given. */
const someone: Record<Language, { guest: string; host: string }> = {
  en: { guest: 'The guest', host: 'The host' },
  he: { guest: 'האורח/ת', host: 'המארח/ת' },
};

/** A yyyy-MM-dd day as the local Date the app's date formats read. */
function dayOf(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

const range = (start: unknown, end: unknown, language: Language) => {
  const from = dayOf(start);
  const to = dayOf(end);
  return from && to ? formatDateRange(from, to, language) : '';
};

const isReason = (value: unknown): value is MoveInReason => (moveInReasons as readonly unknown[]).includes(value);
const isDecision = (value: unknown): value is MoveInDecision => (moveInDecisions as readonly unknown[]).includes(value);

/** The values a notice's words are filled with, in `language`, from its stored params and its stay as it is now. */
function placeholders(row: NoticeRow, language: Language): Record<string, string> {
  const params = row.params;
  const readerSide = row.readerIsGuest === false ? 'host' : 'guest';
  const otherSide = readerSide === 'guest' ? 'host' : 'guest';
  const moveIn = mailTexts[language].moveIn;
  const values: Record<string, string> = {
    title: (language === 'he' ? row.titleHe || row.titleEn : row.titleEn) ?? '',
    name: row.otherFirstName?.trim() || someone[language][otherSide],
    dates: range(params.checkIn ?? row.checkIn, params.checkOut ?? row.checkOut, language),
    period: range(params.periodStart, params.periodEnd, language),
  };
  if (typeof params.amount === 'number') values.amount = formatPrice(params.amount, language);
  const due = dayOf(params.dueOn);
  if (due) values.due = formatDate(due, 'date', language);
  if (typeof params.guests === 'number') values.guests = String(params.guests);
  // A deadline is a moment (decision 062): shown as Israel's wall clock, as its mail does.
  if (typeof params.payBy === 'string' && !Number.isNaN(Date.parse(params.payBy)))
    values.payBy = formatDate(israelWallClock(new Date(params.payBy)), 'dateTime', language);
  if (isReason(params.reason)) values.reason = moveIn.reasons[params.reason];
  if (isDecision(params.decision)) {
    const outcome =
      params.onArrival === true && params.decision === 'refund_all_and_end' ? 'refund_all_and_end_on_arrival' : params.decision;
    const refund = formatPrice(typeof params.refund === 'number' ? params.refund : 0, language);
    values.outcome = fillPlaceholders(moveIn.outcomes[outcome][readerSide], { refund });
  }
  return values;
}

/** A notice's title and sentence in `language`, written now from what it stored and its stay's current name. */
export function renderNotice(row: NoticeRow, language: Language): { title: string; body: string } {
  const words = texts[language][row.kind];
  const values = placeholders(row, language);
  return { title: words.title, body: fillPlaceholders(words.body, values) };
}
