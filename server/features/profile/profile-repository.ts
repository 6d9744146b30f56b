import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { profiles, recommendations, users } from '../../db/schema.ts';

export async function findProfile(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      phone: profiles.phone,
      bio: profiles.bio,
      dateOfBirth: profiles.dateOfBirth,
      profileImageKey: profiles.profileImageKey,
      isVerified: profiles.isVerified,
      idVerificationStatus: profiles.idVerificationStatus,
      idDocumentKey: profiles.idDocumentKey,
      verificationSubmittedAt: profiles.verificationSubmittedAt,
      verificationRejectionReason: profiles.verificationRejectionReason,
      emailConfirmedAt: users.emailConfirmedAt,
      updatedAt: profiles.updatedAt,
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
  await db.update(profiles).set({ ...changes, updatedAt: new Date() }).where(eq(profiles.userId, userId));
}

export async function setProfileImageKey(db: Database, userId: string, key: string | null) {
  await db.update(profiles).set({ profileImageKey: key, updatedAt: new Date() }).where(eq(profiles.userId, userId));
}

export async function submitIdDocument(db: Database, userId: string, key: string, now: Date) {
  await db
    .update(profiles)
    .set({
      idDocumentKey: key,
      idVerificationStatus: 'pending',
      verificationSubmittedAt: now,
      verificationRejectionReason: null,
      updatedAt: now,
    })
    .where(eq(profiles.userId, userId));
}

export async function listRecommendations(db: Database, userId: string) {
  const recommender = alias(profiles, 'recommender');
  return db
    .select({
      id: recommendations.id,
      recommendationText: recommendations.recommendationText,
      rating: recommendations.rating,
      relationshipContext: recommendations.relationshipContext,
      createdAt: recommendations.createdAt,
      recommenderFirstName: recommender.firstName,
      recommenderLastName: recommender.lastName,
      recommenderImageKey: recommender.profileImageKey,
    })
    .from(recommendations)
    .leftJoin(recommender, eq(recommender.userId, recommendations.recommenderUserId))
    .where(eq(recommendations.recommendedUserId, userId))
    .orderBy(desc(recommendations.createdAt));
}
