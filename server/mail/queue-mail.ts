import type { Language } from '../../core/languages.ts';
import type { Database } from '../db/database.ts';
import { enqueueMail } from './mail-repository.ts';
import { renderMail, type TemplateName } from './mail-templates.ts';

/** Renders a mail in the recipient's language and puts it in the outgoing queue. */
export async function queueMail(
  db: Database,
  mail: { to: string; language: Language; template: TemplateName; params?: Record<string, string>; link?: string },
) {
  const rendered = renderMail(mail.template, mail.language, mail.params ?? {}, mail.link);
  await enqueueMail(db, { to: mail.to, language: mail.language, ...rendered });
}
