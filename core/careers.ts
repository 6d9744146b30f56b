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

export const cvAccept = '.pdf,application/pdf';
