import { and, desc, eq, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { profileSchema, recommendationSchema } from '../../../core/contracts/profile.ts';
import { ageOn } from '../../../core/sign-up-rules.ts';
import type { Database } from '../../db/database.ts';
import { pickColumns } from '../../db/pick-columns.ts';
import { profiles, recommendations, users } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { publicUrlOf } from '../../storage/public-url.ts';

export async function findProfile(db: Database, userId: string) {
  const [row] = await db
    .select({
      ...pickColumns(users, ['id', 'email', 'role', 'emailConfirmedAt']),
      ...pickColumns(profiles, [
        'firstName',
        'lastName',
        'phone',
        'bio',
        'dateOfBirth',
        'profileImageKey',
        'isVerified',
        'idVerificationStatus',
        'idDocumentKey',
        'verificationSubmittedAt',
        'verificationRejectionReason',
        'updatedAt',
      ]),
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function updateProfile(
  db: Database,
  userId: string,
  changes: { firstName: string; lastName: string; phone: string | null; bio: string | null; dateOfBirth: string | null },
) {
  await db
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}

export async function setProfileImageKey(db: Database, userId: string, key: string | null) {
  await db.update(profiles).set({ profileImageKey: key, updatedAt: new Date() }).where(eq(profiles.userId, userId));
}

/**
 * Puts the new document under review, only while the user may still submit one (not pending, not
 * verified): of two uploads at once, one wins. Returns false when it did not take.
 */
export async function submitIdDocument(db: Database, userId: string, key: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({
      idDocumentKey: key,
      idVerificationStatus: 'pending',
      verificationSubmittedAt: now,
      verificationRejectionReason: null,
      updatedAt: now,
    })
    .where(and(eq(profiles.userId, userId), notInArray(profiles.idVerificationStatus, ['pending', 'verified'])))
    .returning({ userId: profiles.userId });
  return rows.length > 0;
}

async function listRecommendations(db: Database, userId: string) {
  const recommender = alias(profiles, 'recommender');
  return db
    .select({
      ...pickColumns(recommendations, ['id', 'recommendationText', 'rating', 'relationshipContext', 'createdAt']),
      recommenderFirstName: recommender.firstName,
      recommenderLastName: recommender.lastName,
      recommenderImageKey: recommender.profileImageKey,
    })
    .from(recommendations)
    .leftJoin(recommender, eq(recommender.userId, recommendations.recommenderUserId))
    .where(eq(recommendations.recommendedUserId, userId))
    .orderBy(desc(recommendations.createdAt));
}

/** The user's profile as they see it: age from the date of birth, photo by its address (404 profile_not_found without one). */
export async function profileOf(db: Database, userId: string, now = new Date()): Promise<z.infer<typeof profileSchema>> {
  const row = await findProfile(db, userId);
  if (!row) throw new HttpError(404, 'profile_not_found', 'Error fetching profile');
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    bio: row.bio,
    dateOfBirth: row.dateOfBirth,
    age: row.dateOfBirth ? ageOn(row.dateOfBirth, now) : null,
    profileImageUrl: publicUrlOf(row.profileImageKey),
    emailVerified: Boolean(row.emailConfirmedAt),
    isVerified: row.isVerified,
    idVerificationStatus: row.idVerificationStatus,
    hasIdDocument: Boolean(row.idDocumentKey),
    verificationSubmittedAt: row.verificationSubmittedAt,
    verificationRejectionReason: row.verificationRejectionReason,
  };
}

/** Recommendations others wrote about the user, newest first, each with its author's name and photo. */
export async function recommendationsFor(db: Database, userId: string): Promise<z.infer<typeof recommendationSchema>[]> {
  const rows = await listRecommendations(db, userId);
  return rows.map((row) => ({
    id: row.id,
    recommendationText: row.recommendationText,
    rating: row.rating,
    relationshipContext: row.relationshipContext,
    createdAt: row.createdAt,
    recommender: {
      firstName: row.recommenderFirstName ?? '',
      lastName: row.recommenderLastName ?? '',
      profileImageUrl: publicUrlOf(row.recommenderImageKey),
    },
  }));
}
