import type { Database } from '../../db/index';
import { guardianships, people } from '../../modules/patients/schema';

/** The demo personas' short keys: PERSONAS gives each its identity code. */
export type PersonaKey = 'mikko' | 'aino' | 'jukka' | 'leena' | 'ella' | 'pekka';

/**
 * What every part of the seed builds on: the day the demo world is relative to (Europe/Helsinki) and
 * the personas' person ids, so a part keys its rows by persona (`world.people.mikko`).
 */
export interface DemoWorld {
  today: string;
  people: Record<PersonaKey, string>;
}

/** The fixed demo personas (README.md, "Demo personas"): identity codes by a short key. */
export const PERSONAS = {
  mikko: '150385-9013',
  aino: '021178-912P',
  jukka: '240690-935P',
  leena: '121264-9685',
  ella: '070916A946D',
  pekka: '050575Y983A',
} as const satisfies Record<PersonaKey, string>;

/**
 * The people of the demo world and nothing else: the personas, the child Ella and Leena's
 * guardianship of her. Their records, conversations and so on are the other parts of this folder,
 * one file per module (./index.ts).
 */
export async function seedPersonas(db: Database, today: string): Promise<DemoWorld> {
  const insertPerson = async (values: typeof people.$inferInsert) =>
    (await db.insert(people).values(values).returning({ id: people.id }))[0]!.id;

  const mikko = await insertPerson({
    identityCode: PERSONAS.mikko,
    givenName: 'Mikko',
    familyName: 'Virtanen',
    registered: true,
    patientDataConsent: 'ok',
    phoneNumber: '+358 40 555 0101',
    email: 'mikko.virtanen@example.fi',
  });
  const aino = await insertPerson({
    identityCode: PERSONAS.aino,
    givenName: 'Aino',
    familyName: 'Korhonen',
    registered: true,
    occupationalHealthcare: true,
    patientDataConsent: 'ok',
    features: ['is-finnair-sickness-fund-member'],
    phoneNumber: '+358 50 555 0202',
    mfaEnabled: true,
    email: 'aino.korhonen@example.fi',
  });
  const jukka = await insertPerson({
    identityCode: PERSONAS.jukka,
    givenName: 'Jukka',
    familyName: 'Mäkinen',
    registered: true,
    patientDataConsent: 'missing',
    creditWorthy: false,
  });
  const leena = await insertPerson({
    identityCode: PERSONAS.leena,
    givenName: 'Leena',
    familyName: 'Nieminen',
    registered: true,
    patientDataConsent: 'ok',
    phoneNumber: '+358 44 555 0303',
  });
  const ella = await insertPerson({
    identityCode: PERSONAS.ella,
    givenName: 'Ella',
    familyName: 'Nieminen',
    registered: true,
    patientDataConsent: 'ok',
  });
  await db.insert(guardianships).values({ guardianPersonId: leena, childPersonId: ella, guardianType: 'parent' });
  const pekka = await insertPerson({ identityCode: PERSONAS.pekka, givenName: 'Pekka', familyName: 'Laine', registered: false });

  return { today, people: { mikko, aino, jukka, leena, ella, pekka } };
}
