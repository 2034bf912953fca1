import { desc } from 'drizzle-orm';
import type { AccessibilityFeedbackItem, AccessibilityFeedbackRequest, Brand, Lang } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { accessibilityFeedback } from './schema';

export interface FeedbackOrigin {
  brand: Brand;
  lang: Lang;
  signedIn: boolean;
}

/** Stores one feedback; answers its id and when it was received. */
export async function storeFeedback(db: Database, input: AccessibilityFeedbackRequest, origin: FeedbackOrigin): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db
    .insert(accessibilityFeedback)
    .values({
      brand: origin.brand,
      lang: origin.lang,
      signedIn: origin.signedIn,
      page: input.page ?? null,
      description: input.description,
      email: input.email ?? null,
    })
    .returning({ id: accessibilityFeedback.id, createdAt: accessibilityFeedback.createdAt });
  if (!row) throw new Error('accessibility feedback was not stored');
  return row;
}

/** The newest feedback first, at most `limit`. */
export async function listFeedback(db: Database, limit: number): Promise<AccessibilityFeedbackItem[]> {
  const rows = await db.select().from(accessibilityFeedback).orderBy(desc(accessibilityFeedback.createdAt), desc(accessibilityFeedback.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    received: row.createdAt.toISOString(),
    brand: row.brand,
    lang: row.lang as Lang,
    page: row.page,
    description: row.description,
    email: row.email,
    signedIn: row.signedIn,
  }));
}
