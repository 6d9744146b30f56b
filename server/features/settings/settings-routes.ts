import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettingsSchema } from '../../../core/contracts/settings.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ launchMode: LaunchModeReader }> = async (app, { launchMode }) => {
  app.get(
    '/api/settings/public',
    {
      // Asked on every page load and changed by an admin at any time: always revalidated, mostly a 304.
      config: { httpCache: { maxAge: 0 } },
      schema: {
        tags: ['settings'],
        summary: 'Settings every visitor needs: the launch mode',
        response: { 200: publicSettingsSchema },
      },
    },
    async () => {
      return { launchMode: await launchMode.current() };
    },
  );
};
