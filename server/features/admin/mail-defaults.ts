import { editableMailTemplates, mailTemplateSamples } from '../../../core/admin-rules.ts';
import type { MailDefaults } from '../../../core/contracts/admin.ts';
import { languages } from '../../../core/languages.ts';
import { renderMail } from '../../mail/mail-templates.ts';

/** Our own wording of each editable mail, with its placeholders showing, for the settings form to start from. */
export function mailDefaults(): MailDefaults {
  return Object.fromEntries(
    editableMailTemplates.map((name) => {
      const placeholders = Object.fromEntries(Object.keys(mailTemplateSamples[name]).map((key) => [key, `{{${key}}}`]));
      const texts = Object.fromEntries(
        languages.map((language) => {
          const { subject, text } = renderMail(name, language, placeholders);
          return [language, { subject, body: text }];
        }),
      );
      return [name, texts];
    }),
  ) as MailDefaults;
}
