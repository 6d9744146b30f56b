import { z } from 'zod';

/** GET /api/media/public/*: the file's key below `public/` (the storage checks the key itself). */
export const publicMediaParamsSchema = z.object({ '*': z.string().min(1).max(300) });
