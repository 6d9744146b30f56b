import { erasedEmailDomain } from '../../core/account-data-rules.ts';
import { editableMailTemplates, type EditableMailTemplate } from '../../core/admin-rules.ts';
import type { Language } from '../../core/languages.ts';
import type { Executor } from '../db/database.ts';
import { readSetting } from '../settings/platform-settings.ts';
import { enqueueMail } from './mail-repository.ts';
import { renderMail, type TemplateName } from './mail-templates.ts';

const isEditable = (name: string): name is EditableMailTemplate => (editableMailTemplates as readonly string[]).includes(name);

/** The admin's wording of a mail in one language (the mailTemplates setting), if any. */
export async function mailOverride(db: Executor, template: TemplateName, language: Language) {
  if (!isEditable(template)) return undefined;
  const overrides = await readSetting(db, 'mailTemplates');
  return overrides[template]?.[language];
}

/** Renders a mail in the recipient's language and puts it in the outgoing queue. */
export async function queueMail(
  db: Executor,
  mail: { to: string; language: Language; template: TemplateName; params?: Record<string, string>; link?: string },
) {
  // An erased account's address reaches nobody (docs/decisions/050-your-data.md): a reply in an old thread mails no one.
  if (mail.to.endsWith(erasedEmailDomain)) return;
  const override = await mailOverride(db, mail.template, mail.language);
  const rendered = renderMail(mail.template, mail.language, mail.params ?? {}, mail.link, override);
  await enqueueMail(db, { to: mail.to, language: mail.language, ...rendered });
}
