import type { Language } from '../../core/languages.ts';
import { escapeHtml } from './escape-html.ts';

/** The mails we send, in both languages. Admin-editable templates (settings) override these later. */
type Template = (params: Record<string, string>) => { subject: string; intro: string; action?: string; outro?: string };

const templates: Record<string, Record<Language, Template>> = {
  confirmEmail: {
    en: (p) => ({
      subject: 'Confirm your e-mail address',
      intro: `Hi ${p.firstName}, welcome to Lina! Please confirm your e-mail address to activate your account.`,
      action: 'Confirm my e-mail',
      outro: "You'll need to complete ID verification to confirm your age. If you did not sign up, ignore this message.",
    }),
    he: (p) => ({
      subject: 'אישור כתובת הדוא"ל שלך',
      intro: `שלום ${p.firstName}, ברוכים הבאים ללינה! אנא אשרו את כתובת הדוא"ל כדי להפעיל את החשבון.`,
      action: 'אישור כתובת הדוא"ל',
      outro: 'יהיה עליכם להשלים אימות זהות כדי לאשר את גילכם. אם לא נרשמתם, התעלמו מהודעה זו.',
    }),
  },
  accountExists: {
    en: () => ({
      subject: 'Someone tried to sign up with your e-mail',
      intro: 'Somebody tried to create a Lina account with this e-mail address, which already has one.',
      action: 'Sign in',
      outro: 'If it was you, sign in or reset your password. If not, you can ignore this message.',
    }),
    he: () => ({
      subject: 'ניסיון הרשמה עם כתובת הדוא"ל שלך',
      intro: 'מישהו ניסה ליצור חשבון בלינה עם כתובת הדוא"ל הזו, שכבר יש לה חשבון.',
      action: 'כניסה',
      outro: 'אם זה היית את/ה, היכנסו או אפסו את הסיסמה. אחרת אפשר להתעלם מהודעה זו.',
    }),
  },
  signupNotification: {
    en: (p) => ({
      subject: `New ${p.signupType === 'property_owner' ? 'property owner' : 'discount seeker'} sign-up: ${p.firstName} ${p.lastName}`,
      intro: `${p.firstName} ${p.lastName} <${p.email}> joined the coming-soon list as a ${p.signupType === 'property_owner' ? 'property owner' : 'discount seeker'}.`,
    }),
    he: (p) => ({
      subject: `הרשמה חדשה (${p.signupType === 'property_owner' ? 'בעל/ת נכס' : 'מחפש/ת הנחות'}): ${p.firstName} ${p.lastName}`,
      intro: `${p.firstName} ${p.lastName} <${p.email}> הצטרף/ה לרשימת ההשקה כ${p.signupType === 'property_owner' ? 'בעל/ת נכס' : 'מחפש/ת הנחות'}.`,
    }),
  },
  bookingUpdate: {
    en: (p) => {
      const stay = `${p.title}, ${p.checkIn} – ${p.checkOut}`;
      const lines: Record<string, { subject: string; intro: string }> = {
        requested: {
          subject: `New booking request: ${p.title}`,
          intro: `Hi ${p.firstName}, ${p.otherName} asked to book ${stay}. Please answer within 24 hours; after that the request expires and the dates are free again.`,
        },
        sent: {
          subject: `Request sent: ${p.title}`,
          intro: `Hi ${p.firstName}, your request for ${stay} is with the host, who has 24 hours to answer. You won't be charged yet.`,
        },
        confirmed: { subject: `Booking confirmed: ${p.title}`, intro: `Hi ${p.firstName}, your stay at ${stay} is confirmed.` },
        booked: { subject: `New booking: ${p.title}`, intro: `Hi ${p.firstName}, ${p.otherName} booked ${stay}.` },
        declined: {
          subject: `Booking request declined: ${p.title}`,
          intro: `Hi ${p.firstName}, the host could not accept your request for ${stay}. Other places are waiting for you.`,
        },
        cancelled: {
          subject: `Booking cancelled: ${p.title}`,
          intro: `Hi ${p.firstName}, the booking for ${stay} was cancelled by ${p.otherName}.`,
        },
        expired: {
          subject: `Booking request expired: ${p.title}`,
          intro: `Hi ${p.firstName}, the request for ${stay} got no answer within 24 hours and has expired; the dates are free again.`,
        },
      };
      return { ...lines[p.event ?? '']!, action: p.audience === 'host' ? 'View requests' : 'View my bookings' };
    },
    he: (p) => {
      const stay = `${p.title}, ${p.checkIn} – ${p.checkOut}`;
      const lines: Record<string, { subject: string; intro: string }> = {
        requested: {
          subject: `בקשת הזמנה חדשה: ${p.title}`,
          intro: `שלום ${p.firstName}, ${p.otherName} ביקש/ה להזמין את ${stay}. יש לענות בתוך 24 שעות; אחר כך הבקשה פגה והתאריכים מתפנים.`,
        },
        sent: {
          subject: `הבקשה נשלחה: ${p.title}`,
          intro: `שלום ${p.firstName}, הבקשה שלך ל${stay} הועברה למארח/ת, שיש לו/ה 24 שעות לענות. עדיין לא תחויב/י.`,
        },
        confirmed: { subject: `ההזמנה אושרה: ${p.title}`, intro: `שלום ${p.firstName}, השהייה שלך ב${stay} אושרה.` },
        booked: { subject: `הזמנה חדשה: ${p.title}`, intro: `שלום ${p.firstName}, ${p.otherName} הזמין/ה את ${stay}.` },
        declined: {
          subject: `בקשת ההזמנה נדחתה: ${p.title}`,
          intro: `שלום ${p.firstName}, המארח/ת לא יכול/ה לאשר את הבקשה שלך ל${stay}. מקומות אחרים מחכים לך.`,
        },
        cancelled: { subject: `ההזמנה בוטלה: ${p.title}`, intro: `שלום ${p.firstName}, ההזמנה ל${stay} בוטלה על ידי ${p.otherName}.` },
        expired: {
          subject: `בקשת ההזמנה פגה: ${p.title}`,
          intro: `שלום ${p.firstName}, הבקשה ל${stay} לא נענתה בתוך 24 שעות ופגה; התאריכים מתפנים.`,
        },
      };
      return { ...lines[p.event ?? '']!, action: p.audience === 'host' ? 'לבקשות ההזמנה' : 'להזמנות שלי' };
    },
  },
  bookingMessage: {
    en: (p) => ({
      subject: `New message from ${p.otherName}: ${p.title}`,
      intro: `Hi ${p.firstName}, ${p.otherName} wrote about ${p.title}: “${p.body}”`,
      action: 'Reply',
    }),
    he: (p) => ({
      subject: `הודעה חדשה מ${p.otherName}: ${p.title}`,
      intro: `שלום ${p.firstName}, ${p.otherName} כתב/ה לגבי ${p.title}: "${p.body}"`,
      action: 'להשיב',
    }),
  },
  newsletterConfirm: {
    en: () => ({
      subject: 'Confirm your Lina newsletter subscription',
      intro:
        'Thanks for signing up for the Lina newsletter: new places, local tips and member-only deals, once or twice a month. Please confirm that this address is yours.',
      action: 'Confirm my subscription',
      outro: 'If you did not sign up, ignore this message and you will not hear from us.',
    }),
    he: () => ({
      subject: 'אישור ההרשמה לניוזלטר של לינה',
      intro: 'תודה שנרשמת לניוזלטר של לינה: מקומות חדשים, טיפים מקומיים ומבצעים לחברים, פעם או פעמיים בחודש. אנא אשר/י שהכתובת הזו שלך.',
      action: 'אישור ההרשמה',
      outro: 'אם לא נרשמת, התעלם/י מההודעה ולא נשלח לך דבר.',
    }),
  },
  resetPassword: {
    en: () => ({
      subject: 'Reset your password',
      intro: 'We received a request to reset the password of your Lina account. The link works once, for one hour.',
      action: 'Choose a new password',
      outro: 'If you did not ask for this, ignore this message: your password stays as it is.',
    }),
    he: () => ({
      subject: 'איפוס הסיסמה שלך',
      intro: 'קיבלנו בקשה לאפס את הסיסמה של חשבון הלינה שלך. הקישור פועל פעם אחת, למשך שעה.',
      action: 'בחירת סיסמה חדשה',
      outro: 'אם לא ביקשת זאת, התעלם/י מההודעה: הסיסמה נשארת כפי שהיא.',
    }),
  },
  verificationApproved: {
    en: (p) => ({
      subject: 'Your ID is verified',
      intro: `Hi ${p.firstName}, we checked your ID document: your profile now shows the ID-verified badge.`,
      action: 'View my profile',
    }),
    he: (p) => ({
      subject: 'תעודת הזהות שלך אומתה',
      intro: `שלום ${p.firstName}, בדקנו את מסמך הזהות שלך: הפרופיל שלך מציג עכשיו את תג הזהות המאומתת.`,
      action: 'לפרופיל שלי',
    }),
  },
  verificationRejected: {
    en: (p) => ({
      subject: 'We could not verify your ID',
      intro: `Hi ${p.firstName}, we could not verify your ID document. Reason: ${p.reason}. You may upload a new document from your profile.`,
      action: 'Upload again',
    }),
    he: (p) => ({
      subject: 'לא הצלחנו לאמת את תעודת הזהות שלך',
      intro: `שלום ${p.firstName}, לא הצלחנו לאמת את מסמך הזהות שלך. הסיבה: ${p.reason}. אפשר להעלות מסמך חדש מהפרופיל.`,
      action: 'העלאה מחדש',
    }),
  },
  listingApproved: {
    en: (p) => ({
      subject: `Your listing is live: ${p.title}`,
      intro: `Hi ${p.firstName}, ${p.title} was approved and guests can now find it.`,
      action: 'View my listings',
    }),
    he: (p) => ({
      subject: `המודעה שלך פורסמה: ${p.title}`,
      intro: `שלום ${p.firstName}, ${p.title} אושרה ואורחים יכולים למצוא אותה עכשיו.`,
      action: 'למודעות שלי',
    }),
  },
  listingRejected: {
    en: (p) => ({
      subject: `Your listing needs changes: ${p.title}`,
      intro: `Hi ${p.firstName}, ${p.title} was not approved. Reason: ${p.reason}. Edit it and submit it again.`,
      action: 'View my listings',
    }),
    he: (p) => ({
      subject: `המודעה שלך דורשת שינויים: ${p.title}`,
      intro: `שלום ${p.firstName}, ${p.title} לא אושרה. הסיבה: ${p.reason}. ערכו אותה ושלחו שוב.`,
      action: 'למודעות שלי',
    }),
  },
  listingChangesApproved: {
    en: (p) => ({
      subject: `Your changes are live: ${p.title}`,
      intro: `Hi ${p.firstName}, the changes you made to ${p.title} were approved and guests see them now.`,
      action: 'View my listings',
    }),
    he: (p) => ({
      subject: `השינויים שלך פורסמו: ${p.title}`,
      intro: `שלום ${p.firstName}, השינויים שערכת ב${p.title} אושרו ואורחים רואים אותם עכשיו.`,
      action: 'למודעות שלי',
    }),
  },
  listingChangesRejected: {
    en: (p) => ({
      subject: `Your changes were not approved: ${p.title}`,
      intro: `Hi ${p.firstName}, the changes you made to ${p.title} were not approved. Reason: ${p.reason}. Guests keep seeing the published version; you can edit it again.`,
      action: 'View my listings',
    }),
    he: (p) => ({
      subject: `השינויים שלך לא אושרו: ${p.title}`,
      intro: `שלום ${p.firstName}, השינויים שערכת ב${p.title} לא אושרו. הסיבה: ${p.reason}. אורחים ממשיכים לראות את הגרסה שפורסמה; אפשר לערוך שוב.`,
      action: 'למודעות שלי',
    }),
  },
};

export type TemplateName = keyof typeof templates;

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
  const template = templates[name];
  if (!template) throw new Error(`unknown mail template ${name}`);
  const standard = template[language](params);
  const { action, outro } = standard;
  const subject = override ? fillPlaceholders(override.subject, params) : standard.subject;
  const intro = override ? fillPlaceholders(override.body, params) : standard.intro;
  const text = [intro, link && action ? `${action}: ${link}` : null, outro].filter(Boolean).join('\n\n');
  const dir = language === 'he' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a">
<p>${escapeHtml(intro)}</p>
${link && action ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#fff;border-radius:10px;text-decoration:none">${escapeHtml(action)}</a></p>` : ''}
${outro ? `<p style="color:#475569">${escapeHtml(outro)}</p>` : ''}
<p style="color:#94a3b8">Lina · לינה</p>
</body></html>`;
  return { subject, text, html };
}
