import type { Database } from '../../db/index';
import type { DemoWorld } from '../../seed/personas';
import { addDays, helsinkiInstant, isoWeekday } from '../../util/time';
import { appointmentSlots, clinics, practitioners, practitionerSpecialties, specialties } from './schema';

export const clinicRows: (typeof clinics.$inferInsert)[] = [
  { id: 'KA', name: 'Lääkärikeskus Kamppi', municipality: 'Helsinki', street: 'Malminkatu 3', postalCode: '00100', postOffice: 'Helsinki' },
  { id: 'HP', name: 'Lääkärikeskus Hakaniemi', municipality: 'Helsinki', street: 'Siltasaarenkatu 12', postalCode: '00530', postOffice: 'Helsinki' },
  { id: 'ITK', name: 'Lääkärikeskus Itäkeskus', municipality: 'Helsinki', street: 'Turunlinnantie 8', postalCode: '00930', postOffice: 'Helsinki' },
  { id: 'LPV', name: 'Lääkärikeskus Leppävaara', municipality: 'Espoo', street: 'Hevosenkenkä 3', postalCode: '02600', postOffice: 'Espoo' },
  { id: 'TAP', name: 'Lääkärikeskus Tapiola', municipality: 'Espoo', street: 'Länsituulentie 7', postalCode: '02100', postOffice: 'Espoo' },
  { id: 'TKR', name: 'Lääkärikeskus Tikkurila', municipality: 'Vantaa', street: 'Asematie 6', postalCode: '01300', postOffice: 'Vantaa' },
  { id: 'KER', name: 'Lääkärikeskus Kerava', municipality: 'Kerava', street: 'Kauppakaari 10', postalCode: '04200', postOffice: 'Kerava' },
  { id: 'JPA', name: 'Lääkärikeskus Järvenpää', municipality: 'Järvenpää', street: 'Sibeliuksenkatu 11', postalCode: '04400', postOffice: 'Järvenpää' },
  { id: 'TUU', name: 'Lääkärikeskus Hyrylä', municipality: 'Tuusula', street: 'Hyryläntie 14', postalCode: '04300', postOffice: 'Tuusula' },
  { id: 'HYV', name: 'Lääkärikeskus Hyvinkää', municipality: 'Hyvinkää', street: 'Uudenmaankatu 19', postalCode: '05800', postOffice: 'Hyvinkää' },
  { id: 'RMT', name: 'Etävastaanotto', municipality: 'Helsinki', isRemote: true },
  { id: 'CHA', name: 'Chat-vastaanotto', municipality: 'Helsinki', isRemote: true },
  { id: 'OS', name: 'Online-vastaanotto', municipality: 'Helsinki', isRemote: true },
  { id: 'NRMT', name: 'Hoitajan etävastaanotto', municipality: 'Helsinki', isRemote: true },
];

export const specialtyRows: (typeof specialties.$inferInsert)[] = [
  { id: 'YLE', nameFi: 'Yleislääketiede', nameSv: 'Allmänmedicin', nameEn: 'General practice' },
  { id: 'TTL', nameFi: 'Työterveyslääkäri', nameSv: 'Företagsläkare', nameEn: 'Occupational health physician' },
  { id: 'TTH', nameFi: 'Työterveyshoitaja', nameSv: 'Företagshälsovårdare', nameEn: 'Occupational health nurse' },
  { id: 'PSY', nameFi: 'Psykologi', nameSv: 'Psykolog', nameEn: 'Psychologist' },
  { id: 'TPSG', nameFi: 'Työterveyspsykologi', nameSv: 'Företagspsykolog', nameEn: 'Occupational health psychologist' },
  { id: 'ENDO', nameFi: 'Endokrinologia', nameSv: 'Endokrinologi', nameEn: 'Endocrinology' },
  { id: 'GYN', nameFi: 'Naistentaudit', nameSv: 'Gynekologi', nameEn: 'Gynaecology' },
  { id: 'NNA', nameFi: 'Lastentaudit', nameSv: 'Barnsjukdomar', nameEn: 'Paediatrics' },
  { id: 'GRG', nameFi: 'Geriatria', nameSv: 'Geriatrik', nameEn: 'Geriatrics' },
  { id: 'FYS', nameFi: 'Fysioterapia', nameSv: 'Fysioterapi', nameEn: 'Physiotherapy' },
  { id: 'ROKT', nameFi: 'Rokotukset', nameSv: 'Vaccinationer', nameEn: 'Vaccinations', isVaccination: true },
  { id: 'KORR', nameFi: 'Koronarokotus', nameSv: 'Coronavaccination', nameEn: 'COVID-19 vaccination', isVaccination: true },
  { id: 'INFL', nameFi: 'Influenssarokotus', nameSv: 'Influensavaccination', nameEn: 'Influenza vaccination', isVaccination: true },
];

interface PractitionerSeed {
  firstName: string;
  lastName: string;
  title: string;
  profession: 'Doctor' | 'Nurse' | 'Physiotherapist' | 'Psychologist';
  specialties: string[];
  clinics: string[];
}

export const practitionerSeeds: PractitionerSeed[] = [
  { firstName: 'Anna', lastName: 'Lahtinen', title: 'Yleislääkäri', profession: 'Doctor', specialties: ['YLE'], clinics: ['KA', 'RMT'] },
  { firstName: 'Mikael', lastName: 'Heikkinen', title: 'Yleislääkäri', profession: 'Doctor', specialties: ['YLE'], clinics: ['LPV', 'TAP'] },
  { firstName: 'Sari', lastName: 'Koskinen', title: 'Työterveyslääkäri', profession: 'Doctor', specialties: ['TTL', 'YLE'], clinics: ['HP', 'RMT'] },
  { firstName: 'Jari', lastName: 'Järvinen', title: 'Työterveyslääkäri', profession: 'Doctor', specialties: ['TTL'], clinics: ['TKR'] },
  { firstName: 'Tiina', lastName: 'Mattila', title: 'Työterveyshoitaja', profession: 'Nurse', specialties: ['TTH', 'ROKT', 'INFL', 'KORR'], clinics: ['HP', 'NRMT'] },
  { firstName: 'Kaisa', lastName: 'Salo', title: 'Sairaanhoitaja', profession: 'Nurse', specialties: ['ROKT', 'INFL', 'KORR'], clinics: ['KA', 'KER'] },
  { firstName: 'Heikki', lastName: 'Laaksonen', title: 'Psykologi', profession: 'Psychologist', specialties: ['PSY'], clinics: ['ITK', 'OS'] },
  { firstName: 'Laura', lastName: 'Hiltunen', title: 'Työterveyspsykologi', profession: 'Psychologist', specialties: ['TPSG', 'PSY'], clinics: ['HP', 'OS'] },
  { firstName: 'Pertti', lastName: 'Rantanen', title: 'Endokrinologian erikoislääkäri', profession: 'Doctor', specialties: ['ENDO'], clinics: ['KA', 'JPA'] },
  { firstName: 'Elina', lastName: 'Aaltonen', title: 'Naistentautien erikoislääkäri', profession: 'Doctor', specialties: ['GYN'], clinics: ['TAP', 'TUU'] },
  { firstName: 'Markus', lastName: 'Lehtonen', title: 'Lastentautien erikoislääkäri', profession: 'Doctor', specialties: ['NNA'], clinics: ['ITK', 'HYV'] },
  { firstName: 'Ritva', lastName: 'Pitkänen', title: 'Geriatrian erikoislääkäri', profession: 'Doctor', specialties: ['GRG'], clinics: ['KER', 'HYV'] },
  { firstName: 'Ville', lastName: 'Karjalainen', title: 'Fysioterapeutti', profession: 'Physiotherapist', specialties: ['FYS'], clinics: ['LPV', 'TUU'] },
  { firstName: 'Noora', lastName: 'Hämäläinen', title: 'Yleislääkäri', profession: 'Doctor', specialties: ['YLE'], clinics: ['CHA', 'RMT'] },
  { firstName: 'Olli', lastName: 'Turunen', title: 'Yleislääkäri', profession: 'Doctor', specialties: ['YLE'], clinics: ['JPA', 'HYV'] },
  { firstName: 'Satu', lastName: 'Manninen', title: 'Sairaanhoitaja', profession: 'Nurse', specialties: ['ROKT', 'INFL'], clinics: ['TKR', 'JPA'] },
];

/** Deterministic pseudo-random numbers, so the same day always seeds the same calendar. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const SLOT_WEEKS = 4;

/** The clinics part of the demo world: clinics, specialties, practitioners and their free slots. */
export async function seedCatalogue(db: Database, world: DemoWorld): Promise<void> {
  const { today } = world;
  await db.insert(clinics).values(clinicRows);
  await db.insert(specialties).values(specialtyRows);
  const inserted = await db
    .insert(practitioners)
    .values(practitionerSeeds.map(({ firstName, lastName, title, profession }) => ({ firstName, lastName, title, profession })))
    .returning({ id: practitioners.id, lastName: practitioners.lastName });
  const ids = new Map(inserted.map((p) => [p.lastName, p.id]));
  await db.insert(practitionerSpecialties).values(
    practitionerSeeds.flatMap((p) => p.specialties.map((specialtyId) => ({ practitionerId: ids.get(p.lastName)!, specialtyId }))),
  );

  // Four weeks of weekday slots from tomorrow: each practitioner works at one clinic a day, 8–16.
  const random = mulberry32(Number(today.replaceAll('-', '')));
  const slots: (typeof appointmentSlots.$inferInsert)[] = [];
  for (let day = 1; day <= SLOT_WEEKS * 7; day++) {
    const date = addDays(today, day);
    if (isoWeekday(date) > 5) continue;
    for (const p of practitionerSeeds) {
      const clinicId = p.clinics[day % p.clinics.length]!;
      const duration = p.profession === 'Psychologist' ? 45 : p.profession === 'Physiotherapist' ? 45 : 30;
      for (let minutes = 8 * 60; minutes + duration <= 16 * 60; minutes += duration) {
        if (minutes >= 11 * 60 && minutes < 12 * 60) continue; // lunch
        if (random() < 0.55) continue; // the rest are already taken
        slots.push({
          clinicId,
          practitionerId: ids.get(p.lastName)!,
          specialtyId: p.specialties[Math.floor(random() * p.specialties.length)]!,
          startsAt: helsinkiInstant(date, Math.floor(minutes / 60), minutes % 60),
          durationMinutes: duration,
          isRemote: ['RMT', 'CHA', 'OS', 'NRMT'].includes(clinicId),
        });
      }
    }
  }
  for (let i = 0; i < slots.length; i += 500) await db.insert(appointmentSlots).values(slots.slice(i, i + 500));
}
