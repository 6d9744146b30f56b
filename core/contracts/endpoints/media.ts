import { publicMediaParamsSchema } from '../media.ts';
import { defineEndpoints } from '../endpoint.ts';

export const mediaEndpoints = defineEndpoints('media', {
  'GET /api/media/public/*': {
    summary: 'A public image from storage',
    params: publicMediaParamsSchema,
  },
});
