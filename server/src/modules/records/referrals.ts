import { and, desc, eq, sql } from 'drizzle-orm';
import type { Lang, ReferralListItem, ReferralPageState, ReferralType } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { practitioners } from '../clinics/schema';
import { practitionerTitleIn } from '../clinics/vocabulary';
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
  practitionerId: practitioners.id,
  practitionerName: sql<string>`${practitioners.firstName} || ' ' || ${practitioners.lastName}`,
  practitionerTitle: practitioners.title,
  practitionerPictureUrl: practitioners.profilePictureUrl,
};

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
  const rows = await db
    .select(columns)
    .from(referrals)
    .innerJoin(practitioners, eq(practitioners.id, referrals.practitionerId))
    .where(and(eq(referrals.personId, personId), eq(referrals.type, type)))
    .orderBy(desc(referrals.creationDate), desc(referrals.id));
  return rows.map((row) => toListItem(row, lang));
}

/** Route parameter `id` of the referral pages (routes.json allows 1–9 digits; anything else is not found). */
const REFERRAL_ID = /^[0-9]{1,9}$/;

/** One referral of `type`, only when it belongs to `personId`; otherwise not-found. */
export async function loadReferralPage(db: Database, personId: string, type: ReferralType, referralId: string, lang: Lang): Promise<ReferralPageState> {
  if (!REFERRAL_ID.test(referralId)) return { status: 'not-found' };
  const [row] = await db
    .select({ ...columns, description: referrals.description, patientInstructionsUrl: referrals.patientInstructionsUrl })
    .from(referrals)
    .innerJoin(practitioners, eq(practitioners.id, referrals.practitionerId))
    .where(and(eq(referrals.id, Number(referralId)), eq(referrals.personId, personId), eq(referrals.type, type)))
    .limit(1);
  if (!row) return { status: 'not-found' };
  return {
    status: 'ok',
    referral: { ...toListItem(row, lang), description: row.description, patientInstructionsUrl: row.patientInstructionsUrl?.trim() || null },
  };
}
