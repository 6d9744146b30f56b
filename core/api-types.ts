import type { Role } from './constants.ts';
import type { Language } from './languages.ts';

/** The signed-in user as the web app sees it (GET /api/session). */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  language: Language;
}

/** Every error response has this shape; `code` picks the translated message in the web app. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
