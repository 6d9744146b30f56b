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
};

export type TemplateName = keyof typeof templates;

/** Renders a template as plain text and as simple, right-to-left-aware HTML. */
export function renderMail(name: TemplateName, language: Language, params: Record<string, string>, link?: string) {
  const template = templates[name];
  if (!template) throw new Error(`unknown mail template ${name}`);
  const { subject, intro, action, outro } = template[language](params);
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
