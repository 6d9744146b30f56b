import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import { route } from '../../http/route.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ launchMode: LaunchModeReader }> = async (app, { launchMode }) => {
  route(
    app,
    'GET /api/settings/public',
    {
      // Asked on every page load and changed by an admin at any time: always revalidated, mostly a 304.
      config: { httpCache: { maxAge: 0 } },
    },
    async () => {
      return { launchMode: await launchMode.current() };
    },
  );
};
