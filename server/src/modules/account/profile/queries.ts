import { eq } from 'drizzle-orm';
import { maskIdentityCode, type Consent, type ConsentRequest, type ContactDetails, type Patient, type ProfileLanguage } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { people } from '../../patients/schema';
import { accountProfiles } from '../schema';

/**
 * My information's reads and writes (spec part 2 §3 Patient, Consent): names, phone and e-mail on
 * `people` (where messaging and SMS login read them), the address, language and consents on
 * `account_profiles`. Every function takes the subject's person id, decided by the caller from the
 * session (patientAccess), never by anything the browser sends.
 */

export interface ProfileRecord {
  patient: Patient;
  consent: Consent;
}

const NO_CONSENT: Consent = {
  allowsCommonRegistry: false,
  allowsViewingOccupationalInformation: false,
  allowsMarketingMail: false,
  allowsTreatmentInstructionsMail: false,
  allowsBookingSms: false,
};

/** The subject's patient record and consents; null when the person does not exist. */
export async function readProfile(db: Database, personId: string): Promise<ProfileRecord | null> {
  const [row] = await db
    .select({ person: people, profile: accountProfiles })
    .from(people)
    .leftJoin(accountProfiles, eq(accountProfiles.personId, people.id))
    .where(eq(people.id, personId));
  if (!row) return null;
  const { person, profile } = row;
  return {
    patient: {
      firstName: person.givenName,
      lastName: person.familyName,
      ssn: maskIdentityCode(person.identityCode),
      phoneNumber: person.phoneNumber,
      email: person.email,
      language: profile?.language ?? null,
      postalAddress: {
        street: profile?.streetAddress ?? null,
        postalCode: profile?.postalCode ?? null,
        postOffice: profile?.postOffice ?? null,
      },
      patientDataConsentFormUpdated: profile?.consentFormUpdatedAt?.toISOString() ?? null,
      patientDataConsent: person.patientDataConsent,
    },
    consent: profile
      ? {
          allowsCommonRegistry: profile.allowsCommonRegistry,
          allowsViewingOccupationalInformation: profile.allowsViewingOccupationalInformation,
          allowsMarketingMail: profile.allowsMarketingMail,
          allowsTreatmentInstructionsMail: profile.allowsTreatmentInstructionsMail,
          allowsBookingSms: profile.allowsBookingSms,
        }
      : NO_CONSENT,
  };
}

type ProfileColumns = Partial<Omit<typeof accountProfiles.$inferInsert, 'personId'>>;

/** Inserts the subject's profile row or updates the given columns of it. */
async function upsertProfile(db: Database, personId: string, values: ProfileColumns): Promise<void> {
  const changes = { ...values, updatedAt: new Date() };
  await db
    .insert(accountProfiles)
    .values({ personId, ...changes })
    .onConflictDoUpdate({ target: accountProfiles.personId, set: changes });
}

/** PUT /api/user: the contact details (already validated: trimmed, phone as +358…). */
export async function saveContactDetails(db: Database, personId: string, contact: ContactDetails): Promise<void> {
  await db.update(people).set({ phoneNumber: contact.phoneNumber, email: contact.emailAddress }).where(eq(people.id, personId));
  await upsertProfile(db, personId, {
    streetAddress: contact.streetAddress,
    postalCode: contact.postalCode,
    postOffice: contact.postOffice,
  });
}

/** POST /api/user: the contact details and the language. */
export async function saveUserForm(db: Database, personId: string, contact: ContactDetails, language: ProfileLanguage): Promise<void> {
  await saveContactDetails(db, personId, contact);
  await upsertProfile(db, personId, { language });
}

/**
 * POST /api/user/consent: the five permissions (the occupational one false where it is not asked),
 * the time the form was saved, and the patient data consent marked given.
 */
export async function saveConsent(db: Database, personId: string, consent: ConsentRequest, savedAt: Date): Promise<void> {
  await upsertProfile(db, personId, {
    allowsCommonRegistry: consent.allowsCommonRegistry,
    allowsViewingOccupationalInformation: consent.allowsViewingOccupationalInformation ?? false,
    allowsMarketingMail: consent.allowsMarketingMail,
    allowsTreatmentInstructionsMail: consent.allowsTreatmentInstructionsMail,
    allowsBookingSms: consent.allowsBookingSms,
    consentFormUpdatedAt: savedAt,
  });
  await db.update(people).set({ patientDataConsent: 'ok' }).where(eq(people.id, personId));
}
