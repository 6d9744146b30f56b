import type { JobApplicationFields } from '../../../core/career-schemas.ts';
import { api } from '../../lib/api-client.ts';

/** Applies for a position: the CV is the request body, the other fields the query (400 invalid_cv unless it is a PDF). */
export function applyForPosition(fields: Required<JobApplicationFields>, cv: File) {
  const query = { position: fields.position, name: fields.name, email: fields.email, language: fields.language };
  return api.upload('/api/careers/applications', cv, { query });
}
