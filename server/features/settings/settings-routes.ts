import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { launchModes } from '../../../core/constants.ts';
import type { Database } from '../../db/database.ts';
import { readSetting } from './settings-repository.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary: 'Settings every visitor needs: the launch mode',
        response: { 200: z.object({ launchMode: z.enum(launchModes) }) },
      },
    },
    async (_request, reply) => {
      const stored = z.enum(launchModes).safeParse(await readSetting(db, 'launch_mode'));
      reply.header('Cache-Control', 'no-cache');
      return { launchMode: stored.success ? stored.data : 'prelaunch' };
    },
  );
};
