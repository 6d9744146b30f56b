import { z } from 'zod';
import { launchModes } from '../constants.ts';

/** The settings every visitor needs (GET /api/settings/public): the launch mode. */
export const publicSettingsSchema = z.object({ launchMode: z.enum(launchModes) });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
