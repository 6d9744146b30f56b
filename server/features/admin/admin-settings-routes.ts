import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailTemplateSamples } from '../../../core/admin-rules.ts';
import { requireUser } from '../../http/request-user.ts';
import { renderMail } from '../../mail/mail-templates.ts';
import { readPlatformSettings, writePlatformSettings } from '../../settings/platform-settings.ts';
import { mailDefaults } from './mail-defaults.ts';
import { adminNotices, type AdminRoutesOptions } from './admin-notices.ts';
import { route } from '../../http/route.ts';

/** Platform settings, with the wording of the mails an admin may reword, and a preview of such a mail. */
export const adminSettingsRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { db, launchMode } = options;
  const { audit, linkTo } = adminNotices(options);

  route(app, 'GET /api/admin/settings', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { ...(await readPlatformSettings(db)), mailDefaults: mailDefaults() };
  });

  route(app, 'PATCH /api/admin/settings', async (request) => {
    const admin = requireUser(request);
    await writePlatformSettings(db, request.body, admin.id);
    if (request.body.launchMode) launchMode.forget();
    audit(request, 'ADMIN_ACTION', `Settings changed: ${JSON.stringify(request.body).slice(0, 400)}`, {
      code: 'settingsChanged',
      params: { changes: JSON.stringify(request.body).slice(0, 400) },
    });
    return { ...(await readPlatformSettings(db)), mailDefaults: mailDefaults() };
  });

  route(app, 'POST /api/admin/settings/mail-preview', async (request) => {
    const { template, language, text } = request.body;
    return renderMail(template, language, mailTemplateSamples[template], linkTo(language, '/profile'), text);
  });
};
