import type { Database } from '../../db/index';
import { addDays } from '@portal/shared-i18n';
import { accountProfiles, occupationalTeamMembers, occupationalTeams } from '../../modules/account/schema';
import { insertGuardianship, insertPerson } from '../../modules/patients/index';
import type { DemoWorld } from './personas';

/** The account part of the demo world: My information's profiles, Leena's unregistered ward, Aino's team. */
export async function seedAccount(db: Database, world: DemoWorld): Promise<void> {
  await seedProfiles(db, world);
  await seedUnregisteredWard(db, world);
  await seedTeams(db, world);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * My information's demo data (spec part 2 §3 Patient, Consent): addresses, languages and consents.
 * Mikko (fi) and Aino (sv, occupational) gave the consent form a while ago; Leena and her ward Ella
 * share an address; Jukka has never filled the consent form (no row: the data-processing page asks
 * him first), nor has Pekka, who is not a customer yet.
 */
async function seedProfiles(db: Database, world: DemoWorld): Promise<void> {
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

/**
 * A ward of Leena's who is not a customer yet, so that a guardian's registration (spec part 2 §2.2:
 * the child's information heads the form, names locked, up to 2 guardians) can be done in the demo
 * and the e2e tests. Ella stays registered: her records, conversations and the children's landing
 * rely on her being a customer; Sanni (born 2019, under 12) has nothing yet.
 */
export const UNREGISTERED_WARD = { identityCode: '120519A964S', givenName: 'Sanni', familyName: 'Nieminen' } as const;

async function seedUnregisteredWard(db: Database, world: DemoWorld): Promise<void> {
  const wardId = await insertPerson(db, { ...UNREGISTERED_WARD, registered: false });
  await insertGuardianship(db, { guardianPersonId: world.people.leena, childPersonId: wardId, guardianType: 'parent' });
}

/**
 * Aino's occupational health team (she is the occupational persona): her employer, two responsible
 * doctors and two responsible nurses; one nurse is away, with a substitute whose period includes
 * today (relative to `world.today`), so the team page always shows one. Nobody else has a team.
 */
async function seedTeams(db: Database, world: DemoWorld): Promise<void> {
  const personId = world.people.aino;
  await db.insert(occupationalTeams).values({ personId, employerName: 'Lentoyhtiö Esimerkki Oy' });
  await db.insert(occupationalTeamMembers).values([
    { personId, role: 'doctor', position: 1, name: 'Anna Lahtinen' },
    { personId, role: 'doctor', position: 2, name: 'Olli Rantanen' },
    {
      personId,
      role: 'nurse',
      position: 1,
      name: 'Kaisa Salo',
      substituteName: 'Pekka Ojala',
      substituteFrom: addDays(world.today, -3),
      substituteTo: addDays(world.today, 11),
    },
    { personId, role: 'nurse', position: 2, name: 'Sari Heikkinen' },
  ]);
}
