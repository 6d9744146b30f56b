import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeRoleBodySchema, okSchema, userParamsSchema, usersQuerySchema, usersResponseSchema } from '../../../core/contracts/admin.ts';
import { requireUser } from '../../http/request-user.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { adminNotices, type AdminRoutesOptions } from './admin-notices.ts';
import { declinedRequestParties, findOtherUser, searchUsers, setRole, setUserStatus } from './admin-users-repository.ts';

const tags = ['admin'];

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

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Search users by e-mail or name, filter by role and status',
        querystring: usersQuerySchema,
        response: { 200: usersResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return searchUsers(db, request.query);
    },
  );

  app.patch(
    '/api/admin/users/:id/role',
    {
      schema: {
        tags,
        summary: "Change a user's role",
        params: userParamsSchema,
        body: changeRoleBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const user = await otherUser(request, request.params.id);
      if (user.role !== request.body.role) {
        await setRole(db, user.id, request.body.role);
        audit(request, 'ROLE_CHANGED', `${user.email}: ${user.role} → ${request.body.role}`, {
          code: 'roleChanged',
          params: { email: user.email, from: user.role, to: request.body.role },
        });
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/users/:id/suspend',
    {
      schema: {
        tags,
        summary:
          'Suspend a user: their sessions end, sign-in is refused, their published listings are taken down and the requests waiting at them are declined (the guests are e-mailed)',
        params: userParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const user = await otherUser(request, request.params.id);
      const declined = await setUserStatus(db, user.id, 'suspended');
      audit(request, 'USER_SUSPENDED', `${user.email} suspended`, { code: 'userSuspended', params: { email: user.email } });
      mailDeclinedRequests(request, declined);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/users/:id/reactivate',
    {
      schema: {
        tags,
        summary: 'Reactivate a suspended user; the listings the suspension took down are published again',
        params: userParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const user = await otherUser(request, request.params.id);
      await setUserStatus(db, user.id, 'active');
      audit(request, 'USER_REACTIVATED', `${user.email} reactivated`, { code: 'userReactivated', params: { email: user.email } });
      return { ok: true as const };
    },
  );
};
