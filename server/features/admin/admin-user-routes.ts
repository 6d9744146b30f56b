import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/request-user.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { adminNotices, type AdminRoutesOptions } from './admin-notices.ts';
import { declinedRequestParties, findOtherUser, searchUsers, setRole, setUserStatus } from './admin-users-repository.ts';
import { route } from '../../http/route.ts';

/** Finding users, changing their role, suspending and reactivating them. */
export const adminUserRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { db } = options;
  const { audit, linkTo, inBackground } = adminNotices(options);

  /** The usual "request declined" mail to each guest whose request a suspension declined. */
  function mailDeclinedRequests(request: FastifyRequest, bookingIds: string[]) {
    if (bookingIds.length === 0) return;
    inBackground(request.log, 'declined request mail not queued', async () => {
      for (const party of await declinedRequestParties(db, bookingIds)) {
        await queueMail(db, {
          to: party.email,
          language: party.language,
          template: 'bookingUpdate',
          params: {
            event: 'declined',
            firstName: party.firstName ?? '',
            otherName: party.hostFirstName ?? '',
            title: party.language === 'he' ? party.titleHe : party.titleEn,
            checkIn: party.checkIn,
            checkOut: party.checkOut,
            audience: 'guest',
          },
          link: linkTo(party.language, '/my-bookings'),
        });
      }
    });
  }

  const otherUser = (request: FastifyRequest, id: string) => findOtherUser(db, requireUser(request).id, id);

  route(app, 'GET /api/admin/users', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return searchUsers(db, request.query);
  });

  route(app, 'PATCH /api/admin/users/:id/role', async (request) => {
    const user = await otherUser(request, request.params.id);
    if (user.role !== request.body.role) {
      await setRole(db, user.id, request.body.role);
      audit(request, 'ROLE_CHANGED', `${user.email}: ${user.role} → ${request.body.role}`, {
        code: 'roleChanged',
        params: { email: user.email, from: user.role, to: request.body.role },
      });
    }
    return { ok: true as const };
  });

  route(app, 'POST /api/admin/users/:id/suspend', async (request) => {
    const user = await otherUser(request, request.params.id);
    const declined = await setUserStatus(db, user.id, 'suspended');
    audit(request, 'USER_SUSPENDED', `${user.email} suspended`, { code: 'userSuspended', params: { email: user.email } });
    mailDeclinedRequests(request, declined);
    return { ok: true as const };
  });

  route(app, 'POST /api/admin/users/:id/reactivate', async (request) => {
    const user = await otherUser(request, request.params.id);
    await setUserStatus(db, user.id, 'active');
    audit(request, 'USER_REACTIVATED', `${user.email} reactivated`, { code: 'userReactivated', params: { email: user.email } });
    return { ok: true as const };
  });
};
