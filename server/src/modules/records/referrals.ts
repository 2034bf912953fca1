import { and, desc, eq } from 'drizzle-orm';
import type { Lang, ReferralListItem, ReferralPageState, ReferralType } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { practitionerFullName, practitionersByIds, practitionerTitleIn } from '../clinics/index';
import { referralTitleIn } from './vocabulary';
import { referrals } from './schema';

/**
 * Laboratory and imaging referrals (spec part 1 §3 "Referral"): the lists on the laboratory and
 * imaging pages and the referral pages. Every query answers `personId`'s rows only.
 */

const columns = {
  id: referrals.id,
  type: referrals.type,
  title: referrals.title,
  creationDate: referrals.creationDate,
  validUntil: referrals.validUntil,
  practitionerId: referrals.practitionerId,
};

/**
 * The rows with their practitioners, in their order: the practitioners through the clinics module
 * (issue 32), one batched lookup where the statement joined them (referrals.practitioner_id is not
 * null and references them, so the inner join never left a referral out; one missing here is left
 * out all the same).
 */
async function withPractitioners<T extends { practitionerId: number }>(
  db: Database,
  rows: readonly T[],
): Promise<(T & Pick<Row, 'practitionerName' | 'practitionerTitle' | 'practitionerPictureUrl'>)[]> {
  const practitioners = await practitionersByIds(db, rows.map((row) => row.practitionerId));
  return rows.flatMap((row) => {
    const practitioner = practitioners.get(row.practitionerId);
    if (!practitioner) return [];
    return [{ ...row, practitionerName: practitionerFullName(practitioner), practitionerTitle: practitioner.title, practitionerPictureUrl: practitioner.profilePictureUrl }];
  });
}

interface Row {
  id: number;
  type: ReferralType;
  title: string;
  creationDate: string;
  validUntil: string;
  practitionerId: number;
  practitionerName: string;
  practitionerTitle: string;
  practitionerPictureUrl: string | null;
}

function toListItem(row: Row, lang: Lang): ReferralListItem {
  return {
    id: String(row.id),
    type: row.type,
    title: referralTitleIn(row.title, lang),
    creationDate: row.creationDate,
    validUntil: row.validUntil,
    practitioner: {
      id: String(row.practitionerId),
      name: row.practitionerName,
      title: row.practitionerTitle.trim() ? practitionerTitleIn(row.practitionerTitle, lang) : null,
      pictureUrl: row.practitionerPictureUrl,
    },
  };
}

/** The patient's referrals of one type, newest first (valid and expired alike: the page says which). */
export async function referralList(db: Database, personId: string, type: ReferralType, lang: Lang): Promise<ReferralListItem[]> {
  const own = await db
    .select(columns)
    .from(referrals)
    .where(and(eq(referrals.personId, personId), eq(referrals.type, type)))
    .orderBy(desc(referrals.creationDate), desc(referrals.id));
  const rows = await withPractitioners(db, own);
  return rows.map((row) => toListItem(row, lang));
}

/** Route parameter `id` of the referral pages (routes.json allows 1–9 digits; anything else is not found). */
const REFERRAL_ID = /^[0-9]{1,9}$/;

/** One referral of `type`, only when it belongs to `personId`; otherwise not-found. */
export async function loadReferralPage(db: Database, personId: string, type: ReferralType, referralId: string, lang: Lang): Promise<ReferralPageState> {
  if (!REFERRAL_ID.test(referralId)) return { status: 'not-found' };
  const own = await db
    .select({ ...columns, description: referrals.description, patientInstructionsUrl: referrals.patientInstructionsUrl })
    .from(referrals)
    .where(and(eq(referrals.id, Number(referralId)), eq(referrals.personId, personId), eq(referrals.type, type)))
    .limit(1);
  const [row] = await withPractitioners(db, own);
  if (!row) return { status: 'not-found' };
  return {
    status: 'ok',
    referral: { ...toListItem(row, lang), description: row.description, patientInstructionsUrl: row.patientInstructionsUrl?.trim() || null },
  };
}
