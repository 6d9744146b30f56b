import type { LaunchMode } from '../../core/constants.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { readSetting } from './platform-settings.ts';
import type { FastifyRequest } from 'fastify';

export interface LaunchModeReader {
  current(): Promise<LaunchMode>;
  /**
   * Browsing routes (search, listings) are public when live; in prelaunch only signed-in users
   * may use them, as the web app's guard says (docs/decisions/004-launch-mode.md).
   */
  assertBrowsingAllowed(request: FastifyRequest): Promise<void>;
  /** Drops the cached mode, so that an admin's change applies at once on this instance. */
  forget(): void;
}

/**
 * The launch mode, read at most once per `cacheMs`: search asks on every request, and an admin's
 * change may take that long to reach every instance.
 */
export function createLaunchModeReader(db: Database, cacheMs: number): LaunchModeReader {
  let cached: { mode: LaunchMode; until: number } | undefined;
  async function current(): Promise<LaunchMode> {
    if (cached && cached.until > Date.now()) return cached.mode;
    const mode = await readSetting(db, 'launchMode');
    cached = { mode, until: Date.now() + cacheMs };
    return mode;
  }
  return {
    current,
    forget() {
      cached = undefined;
    },
    async assertBrowsingAllowed(request) {
      if (request.user) return;
      if ((await current()) === 'live') return;
      throw new HttpError(401, 'unauthenticated', 'Please sign in first');
    },
  };
}
