import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { listAllMail } from '../../mail/mail-repository.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import { isLoopbackAddress } from '../../http/client-address.ts';
import { route } from '../../http/route.ts';

/**
 * Without SMTP, mail is kept in the database and read here, so confirmation and reset links can be
 * followed locally and in tests. app.ts registers this only outside production, and only clients on
 * this machine see it: to anyone else it does not exist (404), since the queued mail holds live
 * reset and confirmation tokens.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackAddress(request.ip)) return reply.callNotFound();
  });

  route(app, 'GET /api/dev/mailbox', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return listAllMail(db);
  });

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = (await listAllMail(db)).reverse();
    const items = mails
      .map(
        (mail) => `<article>
  <header><strong>${escapeHtml(mail.subject)}</strong><span>to ${escapeHtml(mail.to)} · ${mail.createdAt.toISOString()}</span></header>
  <iframe sandbox title="${escapeHtml(mail.subject)}" srcdoc="${escapeHtml(mail.html)}"></iframe>
</article>`,
      )
      .join('\n');
    reply.header('Cache-Control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development mailbox · Lina</title>
<style>
  body{font-family:system-ui,sans-serif;margin:0 auto;max-width:52rem;padding:1.5rem;color:#0f172a;background:#f8fafc}
  @media (prefers-color-scheme:dark){body{color:#e2e8f0;background:#0f172a}article{background:#1e293b!important}}
  article{background:#fff;border-radius:1rem;padding:1rem;margin-bottom:1rem;box-shadow:0 1px 3px #0002}
  header{display:flex;flex-wrap:wrap;gap:.25rem 1rem;justify-content:space-between;margin-bottom:.5rem}
  header span{color:#64748b;font-size:.875rem}
  iframe{width:100%;height:14rem;border:0;background:#fff;border-radius:.5rem}
</style></head>
<body><h1>Development mailbox</h1>
<p>${mails.length} message(s), newest first. Without <code>SMTP_URL</code> mail is kept here instead of being sent. JSON: <a href="/api/dev/mailbox">/api/dev/mailbox</a></p>
${items || '<p>No mail yet.</p>'}
</body></html>`);
  });
};
