import type { Database } from '../../../db/index';
import type { DemoWorld } from '../../module';
import { accountProfiles } from '../schema';

/**
 * My information's demo data (spec part 2 §3 Patient, Consent): addresses, languages and consents.
 * Mikko (fi) and Aino (sv, occupational) gave the consent form a while ago; Leena and her ward Ella
 * share an address; Jukka has never filled the consent form (no row: the data-processing page asks
 * him first), nor has Pekka, who is not a customer yet.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedProfiles(db: Database, world: DemoWorld): Promise<void> {
  const daysAgo = (days: number) => new Date(Date.parse(`${world.today}T09:00:00+02:00`) - days * DAY_MS);
  await db.insert(accountProfiles).values([
    {
      personId: world.people.mikko,
      streetAddress: 'Mannerheimintie 12 B 7',
      postalCode: '00100',
      postOffice: 'Helsinki',
      language: 'fi',
      allowsCommonRegistry: true,
      allowsViewingOccupationalInformation: false,
      allowsMarketingMail: false,
      allowsTreatmentInstructionsMail: true,
      allowsBookingSms: true,
      consentFormUpdatedAt: daysAgo(200),
    },
    {
      personId: world.people.aino,
      streetAddress: 'Hämeenkatu 5 A 3',
      postalCode: '33100',
      postOffice: 'Tampere',
      language: 'sv',
      allowsCommonRegistry: true,
      allowsViewingOccupationalInformation: true,
      allowsMarketingMail: true,
      allowsTreatmentInstructionsMail: true,
      allowsBookingSms: true,
      consentFormUpdatedAt: daysAgo(90),
    },
    {
      personId: world.people.leena,
      streetAddress: 'Kauppakatu 3',
      postalCode: '40100',
      postOffice: 'Jyväskylä',
      language: 'fi',
      allowsCommonRegistry: true,
      allowsTreatmentInstructionsMail: true,
      allowsBookingSms: true,
      consentFormUpdatedAt: daysAgo(30),
    },
    {
      personId: world.people.ella,
      streetAddress: 'Kauppakatu 3',
      postalCode: '40100',
      postOffice: 'Jyväskylä',
      language: 'fi',
      allowsCommonRegistry: true,
      allowsBookingSms: true,
      consentFormUpdatedAt: daysAgo(30),
    },
  ]);
}
