import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettingsSchema } from '../../../core/contracts/settings.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ launchMode: LaunchModeReader }> = async (app, { launchMode }) => {
  app.get(
    '/api/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary: 'Settings every visitor needs: the launch mode',
        response: { 200: publicSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return { launchMode: await launchMode.current() };
    },
  );
};
