import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { utcIsoDate } from '../../../core/dates.ts';
import { recordSecurityEvent } from '../../audit/security-events-repository.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { clientInfo, requireRole, requireUser } from '../../http/request-user.ts';
import type { Storage } from '../../storage/storage.ts';
import { listAccountDeletions } from './account-erasure-repository.ts';
import { runDataExports } from './my-data-jobs.ts';
import { findOwnDataExport, listDataExports, requestDataExport, type DataExportRow } from './data-export-repository.ts';
import { route } from '../../http/route.ts';

const downloadPath = (id: string) => `/api/my-data/exports/${id}/download`;

/** An export as its member sees it: a download link only while the archive may be downloaded. */
function exportView(row: DataExportRow, now: Date) {
  const downloadable = row.status === 'ready' && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    status: row.status === 'ready' && !downloadable ? ('expired' as const) : row.status,
    createdAt: row.createdAt,
    readyAt: row.readyAt,
    expiresAt: row.expiresAt,
    bytes: row.bytes,
    downloadUrl: downloadable ? downloadPath(row.id) : null,
  };
}

/** "Download my data" and the admins' list of closed accounts (docs/decisions/050-your-data.md). */
export const myDataRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage; siteUrl: string }> = async (
  app,
  { db, storage, siteUrl },
) => {
  route(app, 'GET /api/my-data/exports', async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    const now = new Date();
    return { exports: (await listDataExports(db, user.id)).map((row) => exportView(row, now)) };
  });

  route(app, 'POST /api/my-data/exports', async (request, reply) => {
    const user = requireUser(request);
    const now = new Date();
    const row = await requestDataExport(db, user.id, now);
    void recordSecurityEvent(db, request.log, {
      userId: user.id,
      eventType: 'DATA_EXPORT_REQUESTED',
      description: 'Data export requested',
      code: { code: 'dataExportRequested' },
      ...clientInfo(request),
    });
    // This instance starts on it once the answer is sent, rather than at its next scheduled run;
    // the job's lease keeps any other instance from building it too.
    setImmediate(
      () =>
        void runDataExports({ db, storage, siteUrl, log: app.log }).catch((error: unknown) =>
          app.log.error({ err: error }, 'data export run failed'),
        ),
    );
    return reply.status(202).send(exportView(row, now));
  });

  route(app, 'GET /api/my-data/exports/:id/download', async (request, reply) => {
    const user = requireUser(request);
    const row = await findOwnDataExport(db, user.id, request.params.id);
    if (!row) throw new HttpError(404, 'not_found', 'No such export');
    const now = new Date();
    if (row.status === 'expired' || (row.expiresAt !== null && row.expiresAt <= now)) {
      throw new HttpError(410, 'data_export_expired', 'This download link has expired.');
    }
    const file = row.status === 'ready' && row.storageKey ? await storage.get(row.storageKey) : null;
    if (!file) throw new HttpError(404, 'not_found', 'The archive is not ready');
    reply.header('Content-Type', 'application/zip');
    reply.header('Content-Length', file.size);
    reply.header('Content-Disposition', `attachment; filename="lina-my-data-${utcIsoDate(row.createdAt)}.zip"`);
    reply.header('Cache-Control', 'private, no-store');
    return reply.send(file.body);
  });

  route(app, 'GET /api/admin/account-deletions', async (request, reply) => {
    requireRole(request, 'admin');
    reply.header('Cache-Control', 'no-store');
    const rows = await listAccountDeletions(db);
    return {
      deletions: rows.map(({ firstName, lastName, email, ...row }) => {
        const erased = row.status === 'erased';
        const name = `${firstName ?? ''} ${lastName ?? ''}`.trim();
        return { ...row, name: erased || !name ? null : name, email: erased ? null : email };
      }),
    };
  });
};
