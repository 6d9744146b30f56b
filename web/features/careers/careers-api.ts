import type { JobApplicationFields } from '../../../core/career-schemas.ts';
import type { ApplyResponse } from '../../../core/contracts/careers.ts';
import { legacyApi } from '../../lib/api-client.ts';

/** Applies for a position: the CV is the request body, the other fields the query (400 invalid_cv unless it is a PDF). */
export function applyForPosition(fields: Required<JobApplicationFields>, cv: File) {
  const query = new URLSearchParams({ position: fields.position, name: fields.name, email: fields.email, language: fields.language });
  return legacyApi.upload<ApplyResponse>(`/api/careers/applications?${query}`, cv);
}
