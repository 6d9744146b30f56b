import { publicSettingsSchema } from '../settings.ts';
import { defineEndpoints } from '../endpoint.ts';

export const settingsEndpoints = defineEndpoints('settings', {
  'GET /api/settings/public': {
    summary: 'Settings every visitor needs: the launch mode',
    responses: { 200: publicSettingsSchema },
  },
});
