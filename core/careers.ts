import { z } from 'zod';

/** four open positions; their texts are translated in careers.positions.<slug>. */
export const openPositions = [
  { slug: 'senior-full-stack-engineer', department: 'engineering', location: 'tel_aviv', type: 'full_time' },
  { slug: 'product-designer', department: 'design', location: 'tel_aviv', type: 'full_time' },
  { slug: 'trust-safety-specialist', department: 'operations', location: 'remote_israel', type: 'full_time' },
  { slug: 'customer-experience-lead', department: 'support', location: 'jerusalem', type: 'part_time' },
] as const;
export type PositionSlug = (typeof openPositions)[number]['slug'];
export const positionSlugs = openPositions.map((position) => position.slug) as [PositionSlug, ...PositionSlug[]];

/** A stored application may name a position that has since closed: only open ones have a translated title. */
export function isPositionSlug(value: string): value is PositionSlug {
  return (positionSlugs as readonly string[]).includes(value);
}

/** The text fields of a job application, sent as query parameters beside the PDF body. */
export const jobApplicationFieldsSchema = z.object({
  position: z.enum(positionSlugs, { error: 'required' }),
  name: z.string({ error: 'required' }).trim().min(1, 'required').max(100, 'too_long'),
  email: z.string({ error: 'required' }).trim().toLowerCase().min(1, 'required').max(254, 'too_long').pipe(z.email('invalid_email')),
  language: z.enum(['en', 'he']).default('en'),
});
export type JobApplicationFields = z.input<typeof jobApplicationFieldsSchema>;

export const cvAccept = '.pdf,application/pdf';
