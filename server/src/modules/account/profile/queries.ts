import { eq, inArray } from 'drizzle-orm';
import { maskIdentityCode, type Consent, type ConsentRequest, type ContactDetails, type Patient, type ProfileLanguage } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { markPatientDataConsentGiven, personById, setContactDetails } from '../../patients/index';
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
  // the person through the patients module (issue 32), then its profile: what the left join answered
  const person = await personById(db, personId);
  if (!person) return null;
  const [profile] = await db.select().from(accountProfiles).where(eq(accountProfiles.personId, personId));
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

/**
 * The language each of `personIds` chose in My information; a person who never chose one is absent.
 * Other modules' messages to a patient (the booking waitlist's SMS) are written in it.
 */
export async function profileLanguages(db: Database, personIds: readonly string[]): Promise<Map<string, 'fi' | 'sv' | 'en'>> {
  if (personIds.length === 0) return new Map();
  const rows = await db
    .select({ personId: accountProfiles.personId, language: accountProfiles.language })
    .from(accountProfiles)
    .where(inArray(accountProfiles.personId, [...personIds]));
  return new Map(rows.flatMap((row) => (row.language ? [[row.personId, row.language] as const] : [])));
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
  await setContactDetails(db, personId, { phoneNumber: contact.phoneNumber, email: contact.emailAddress });
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
  await markPatientDataConsentGiven(db, personId);
}
