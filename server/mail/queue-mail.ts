import { eq } from 'drizzle-orm';
import { editableMailTemplates, mailOverridesSchema, type EditableMailTemplate } from '../../core/admin-rules.ts';
import type { Language } from '../../core/languages.ts';
import type { Database } from '../db/database.ts';
import { platformSettings } from '../db/schema.ts';
import { enqueueMail } from './mail-repository.ts';
import { renderMail, type TemplateName } from './mail-templates.ts';

const isEditable = (name: string): name is EditableMailTemplate => (editableMailTemplates as readonly string[]).includes(name);

/** The admin's wording of a mail in one language (settings 'mail_templates'), if any. */
export async function mailOverride(db: Database, template: TemplateName, language: Language) {
  if (!isEditable(template)) return undefined;
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, 'mail_templates'));
  const parsed = mailOverridesSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data[template]?.[language] : undefined;
}

/** Renders a mail in the recipient's language and puts it in the outgoing queue. */
export async function queueMail(
  db: Database,
  mail: { to: string; language: Language; template: TemplateName; params?: Record<string, string>; link?: string },
) {
  const override = await mailOverride(db, mail.template, mail.language);
  const rendered = renderMail(mail.template, mail.language, mail.params ?? {}, mail.link, override);
  await enqueueMail(db, { to: mail.to, language: mail.language, ...rendered });
}
