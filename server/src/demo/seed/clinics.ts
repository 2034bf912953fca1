import type { Database } from '../../db/index';
import { addDays, helsinkiInstant, isoWeekday } from '@portal/shared-i18n';
import type { LocalizedContent, RateLine } from '../../modules/clinics/index';
import { appointmentKinds, appointmentSlots, clinics, practitioners, practitionerSpecialties, specialties } from '../../modules/clinics/schema';
import type { DemoWorld } from './personas';

/** How to find a physical clinic (cmsContent.arrivalInfo, markdown): the entrance and floor in three languages. */
function arrivalInfo(street: string, where: LocalizedContent): LocalizedContent {
  return {
    fi: `Vastaanotto on osoitteessa **${street}**, ${where.fi}.\n\nTule paikalle 10 minuuttia ennen aikaasi ja ilmoittaudu aulan ilmoittautumisautomaatilla tai vastaanoton tiskillä.`,
    sv: `Mottagningen finns på **${street}**, ${where.sv}.\n\nKom 10 minuter före din tid och anmäl dig vid automaten i entréhallen eller vid receptionen.`,
    en: `The clinic is at **${street}**, ${where.en}.\n\nPlease arrive 10 minutes before your appointment and check in at the kiosk in the lobby or at reception.`,
  };
}

const floor = (n: number, entrance: LocalizedContent): LocalizedContent => ({
  fi: `${n}. kerros, ${entrance.fi}`,
  sv: `våning ${n}, ${entrance.sv}`,
  en: `floor ${n}, ${entrance.en}`,
});

const mainEntrance = { fi: 'pääsisäänkäynti', sv: 'huvudingången', en: 'main entrance' };
const mallEntrance = { fi: 'sisäänkäynti kauppakeskuksen puolelta', sv: 'ingången från köpcentret', en: 'entrance from the shopping centre' };

export const clinicRows: (typeof clinics.$inferInsert)[] = [
  { id: 'KA', name: 'Lääkärikeskus Kamppi', municipality: 'Helsinki', street: 'Malminkatu 3', postalCode: '00100', postOffice: 'Helsinki', arrivalInfo: arrivalInfo('Malminkatu 3', floor(2, mainEntrance)) },
  { id: 'HP', name: 'Lääkärikeskus Hakaniemi', municipality: 'Helsinki', street: 'Siltasaarenkatu 12', postalCode: '00530', postOffice: 'Helsinki', arrivalInfo: arrivalInfo('Siltasaarenkatu 12', floor(4, mainEntrance)) },
  { id: 'ITK', name: 'Lääkärikeskus Itäkeskus', municipality: 'Helsinki', street: 'Turunlinnantie 8', postalCode: '00930', postOffice: 'Helsinki', arrivalInfo: arrivalInfo('Turunlinnantie 8', floor(3, mallEntrance)) },
  { id: 'LPV', name: 'Lääkärikeskus Leppävaara', municipality: 'Espoo', street: 'Hevosenkenkä 3', postalCode: '02600', postOffice: 'Espoo', arrivalInfo: arrivalInfo('Hevosenkenkä 3', floor(5, mallEntrance)) },
  { id: 'TAP', name: 'Lääkärikeskus Tapiola', municipality: 'Espoo', street: 'Länsituulentie 7', postalCode: '02100', postOffice: 'Espoo', arrivalInfo: arrivalInfo('Länsituulentie 7', floor(1, mainEntrance)) },
  { id: 'TKR', name: 'Lääkärikeskus Tikkurila', municipality: 'Vantaa', street: 'Asematie 6', postalCode: '01300', postOffice: 'Vantaa', arrivalInfo: arrivalInfo('Asematie 6', floor(2, mainEntrance)) },
  { id: 'KER', name: 'Lääkärikeskus Kerava', municipality: 'Kerava', street: 'Kauppakaari 10', postalCode: '04200', postOffice: 'Kerava', arrivalInfo: arrivalInfo('Kauppakaari 10', floor(1, mainEntrance)) },
  { id: 'JPA', name: 'Lääkärikeskus Järvenpää', municipality: 'Järvenpää', street: 'Sibeliuksenkatu 11', postalCode: '04400', postOffice: 'Järvenpää', arrivalInfo: arrivalInfo('Sibeliuksenkatu 11', floor(2, mainEntrance)) },
  { id: 'TUU', name: 'Lääkärikeskus Hyrylä', municipality: 'Tuusula', street: 'Hyryläntie 14', postalCode: '04300', postOffice: 'Tuusula', arrivalInfo: arrivalInfo('Hyryläntie 14', floor(1, mainEntrance)) },
  { id: 'HYV', name: 'Lääkärikeskus Hyvinkää', municipality: 'Hyvinkää', street: 'Uudenmaankatu 19', postalCode: '05800', postOffice: 'Hyvinkää', arrivalInfo: arrivalInfo('Uudenmaankatu 19', floor(3, mainEntrance)) },
  { id: 'RMT', name: 'Etävastaanotto', municipality: 'Helsinki', isRemote: true },
  { id: 'CHA', name: 'Chat-vastaanotto', municipality: 'Helsinki', isRemote: true },
  { id: 'OS', name: 'Online-vastaanotto', municipality: 'Helsinki', isRemote: true },
  { id: 'NRMT', name: 'Hoitajan etävastaanotto', municipality: 'Helsinki', isRemote: true },
];
const REMOTE_CLINICS = new Set(clinicRows.filter((c) => c.isRemote).map((c) => c.id));

const info = (fi: string, sv: string, en: string): LocalizedContent => ({ fi, sv, en });

export const specialtyRows: (typeof specialties.$inferInsert)[] = [
  { id: 'YLE', nameFi: 'Yleislääketiede', nameSv: 'Allmänmedicin', nameEn: 'General practice' },
  { id: 'TTL', nameFi: 'Työterveyslääkäri', nameSv: 'Företagsläkare', nameEn: 'Occupational health physician' },
  { id: 'TTH', nameFi: 'Työterveyshoitaja', nameSv: 'Företagshälsovårdare', nameEn: 'Occupational health nurse' },
  {
    id: 'PSY',
    nameFi: 'Psykologi',
    nameSv: 'Psykolog',
    nameEn: 'Psychologist',
    reservationInfo: info(
      'Ensimmäinen käynti on **arviointikäynti**, jonka aikana sovitaan jatkosta. Peru aika viimeistään 24 tuntia ennen, jos et pääse paikalle.',
      'Det första besöket är ett **bedömningsbesök** där ni kommer överens om fortsättningen. Avboka senast 24 timmar i förväg om du inte kan komma.',
      'The first visit is an **assessment visit** where you agree on what comes next. Cancel at least 24 hours in advance if you cannot come.',
    ),
  },
  { id: 'TPSG', nameFi: 'Työterveyspsykologi', nameSv: 'Företagspsykolog', nameEn: 'Occupational health psychologist' },
  { id: 'ENDO', nameFi: 'Endokrinologia', nameSv: 'Endokrinologi', nameEn: 'Endocrinology' },
  {
    id: 'GYN',
    nameFi: 'Naistentaudit',
    nameSv: 'Gynekologi',
    nameEn: 'Gynaecology',
    reservationInfo: info(
      'Varaa aika mieluiten kuukautiskierron ulkopuolelle, jos käyntiin kuuluu irtosolunäyte.',
      'Boka gärna en tid utanför menstruationen om besöket omfattar ett cellprov.',
      'If the visit includes a cervical smear, please book a time outside your period.',
    ),
  },
  { id: 'NNA', nameFi: 'Lastentaudit', nameSv: 'Barnsjukdomar', nameEn: 'Paediatrics' },
  { id: 'GRG', nameFi: 'Geriatria', nameSv: 'Geriatrik', nameEn: 'Geriatrics' },
  {
    id: 'FYS',
    nameFi: 'Fysioterapia',
    nameSv: 'Fysioterapi',
    nameEn: 'Physiotherapy',
    reservationInfo: info(
      'Ota mukaan väljät vaatteet. Käynnillä tehdään liikkuvuuden ja toimintakyvyn arvio.',
      'Ta med bekväma kläder. Under besöket bedöms din rörlighet och funktionsförmåga.',
      'Bring loose clothing. The visit includes an assessment of your mobility and function.',
    ),
  },
  {
    id: 'ROKT',
    nameFi: 'Rokotukset',
    nameSv: 'Vaccinationer',
    nameEn: 'Vaccinations',
    isVaccination: true,
    reservationInfo: info(
      'Ota mukaan rokotuskorttisi tai tieto aiemmista rokotuksista. Rokote maksetaan käynnin yhteydessä.',
      'Ta med ditt vaccinationskort eller uppgifter om tidigare vaccinationer. Vaccinet betalas vid besöket.',
      'Bring your vaccination card or a record of earlier vaccinations. The vaccine is paid for at the visit.',
    ),
  },
  { id: 'KORR', nameFi: 'Koronarokotus', nameSv: 'Coronavaccination', nameEn: 'COVID-19 vaccination', isVaccination: true },
  {
    id: 'INFL',
    nameFi: 'Influenssarokotus',
    nameSv: 'Influensavaccination',
    nameEn: 'Influenza vaccination',
    isVaccination: true,
    reservationInfo: info(
      'Älä tule rokotettavaksi kuumeisena. Varaa aika jokaiselle rokotettavalle erikseen.',
      'Kom inte för vaccination om du har feber. Boka en egen tid för varje person som ska vaccineras.',
      'Do not come for a vaccination if you have a fever. Book a separate time for each person.',
    ),
  },
  {
    id: 'LAB',
    nameFi: 'Laboratoriotutkimukset',
    nameSv: 'Laboratorieundersökningar',
    nameEn: 'Laboratory tests',
    reservationInfo: info(
      'Osa tutkimuksista vaatii **paaston**: tarkista ohje lähetteestäsi.',
      'Vissa prov kräver **fasta**: kontrollera anvisningen i din remiss.',
      'Some tests require **fasting**: check the instructions on your referral.',
    ),
  },
];

/**
 * Appointment kinds (VAST comes with migration 0005, so it is inserted with onConflictDoNothing).
 * VETA is the video visit (spec part 2 §9).
 */
export const kindRows: (typeof appointmentKinds.$inferInsert)[] = [
  { id: 'VAST', description: info('Vastaanotto', 'Mottagning', 'Appointment'), locationType: 'PhysicalLocation' },
  {
    id: 'VETA',
    description: info('Videovastaanotto', 'Videomottagning', 'Video appointment'),
    locationType: 'RemoteAppointment',
    reservationInfo: info(
      'Saat videovastaanoton linkin tekstiviestillä ennen aikaasi. Käytä laitetta, jossa on kamera ja mikrofoni.',
      'Du får länken till videomottagningen per sms före din tid. Använd en enhet med kamera och mikrofon.',
      'You will receive the video link by text message before your appointment. Use a device with a camera and a microphone.',
    ),
  },
  {
    id: 'PUH',
    description: info('Puhelinvastaanotto', 'Telefonmottagning', 'Phone appointment'),
    locationType: 'PhoneAppointment',
    reservationInfo: info(
      'Ammattilainen soittaa sinulle varattuna aikana. Soitto voi tulla salaisesta numerosta.',
      'Vårdpersonalen ringer dig vid den bokade tiden. Samtalet kan komma från ett dolt nummer.',
      'The professional will call you at the booked time. The call may come from a hidden number.',
    ),
  },
  { id: 'ETA', description: info('Etävastaanotto', 'Distansmottagning', 'Remote appointment'), locationType: 'RemoteAppointment' },
  {
    id: 'LAB',
    description: info('Laboratoriokäynti', 'Laboratoriebesök', 'Laboratory visit'),
    locationType: 'PhysicalLocation',
    reservationInfo: info(
      'Tule näytteenottoon aamulla paastonneena, jos lähetteessä niin pyydetään.',
      'Kom till provtagningen fastande på morgonen om remissen ber om det.',
      'Come to the sample collection in the morning after fasting if your referral asks for it.',
    ),
  },
  {
    id: 'ROK',
    description: info('Rokotuskäynti', 'Vaccinationsbesök', 'Vaccination visit'),
    locationType: 'PhysicalLocation',
    reservationInfo: info(
      'Varaa rokotuksen jälkeen 15 minuuttia seurantaan vastaanotolla.',
      'Reservera 15 minuter för uppföljning på mottagningen efter vaccinationen.',
      'Allow 15 minutes after the vaccination for observation at the clinic.',
    ),
  },
];

const line = (code: string, fi: string, sv: string, en: string, cents: number): RateLine => ({ code, name: info(fi, sv, en), cents });

/** Base rates (practitionerRate); a practitioner may override the price. */
const RATES = {
  general: line('LK-YLE', 'Yleislääkärin vastaanotto', 'Allmänläkarbesök', 'General practitioner appointment', 8900),
  specialist: line('LK-ERIK', 'Erikoislääkärin vastaanotto', 'Specialistläkarbesök', 'Specialist appointment', 13900),
  nurse: line('HO-VAST', 'Hoitajan vastaanotto', 'Skötarmottagning', 'Nurse appointment', 4900),
  psychologist: line('PSY-VAST', 'Psykologin vastaanotto', 'Psykologbesök', 'Psychologist appointment', 11500),
  physio: line('FT-VAST', 'Fysioterapeutin vastaanotto', 'Fysioterapeutbesök', 'Physiotherapy appointment', 7500),
  vaccination: line('ROK-KAY', 'Rokotuskäynti', 'Vaccinationsbesök', 'Vaccination visit', 3500),
  laboratory: line('LAB-KAY', 'Laboratoriokäynti', 'Laboratoriebesök', 'Laboratory visit', 2500),
} as const;

/** Additional fees (practitionerRate.additionalFees). */
const FEES = {
  office: line('TOIM', 'Toimistomaksu', 'Kontorsavgift', 'Office fee', 1290),
  remote: line('ETA-PALV', 'Etäpalvelumaksu', 'Avgift för distanstjänst', 'Remote service fee', 590),
  specimen: line('NAYTE', 'Näytteenottomaksu', 'Provtagningsavgift', 'Sample collection fee', 990),
} as const;

/** When a practitioner works: weekdays 8–16, 13–21 (the evening tab's times), or 7–22 every day (remote on call). */
type Shift = 'day' | 'late' | 'on-call';

interface PractitionerSeed {
  firstName: string;
  lastName: string;
  title: string;
  profession: 'Doctor' | 'Nurse' | 'Physiotherapist' | 'Psychologist';
  specialties: string[];
  clinics: string[];
  /** null: not bookable privately (occupational health only) */
  rate?: keyof typeof RATES | null;
  /** the practitioner's own price, when it differs from the base rate */
  rateCents?: number;
  fees?: (keyof typeof FEES)[];
  shift?: Shift;
  isResource?: boolean;
  reservationInfo?: LocalizedContent;
}

/**
 * The first 16 keep their names and order: the seed's other parts find them by last name (records,
 * messaging, booking). Last names are unique for the same reason.
 */
export const practitionerSeeds: PractitionerSeed[] = [
  { firstName: 'Anna', lastName: 'Lahtinen', title: 'Yleislääkäri', profession: 'Doctor', specialties: ['YLE'], clinics: ['KA', 'RMT'], rate: 'general', fees: ['office'] },
  { firstName: 'Mikael', lastName: 'Heikkinen', title: 'Yleislääkäri', profession: 'Doctor', specialties: ['YLE'], clinics: ['LPV', 'TAP'], rate: 'general', fees: ['office'], shift: 'late' },
  { firstName: 'Sari', lastName: 'Koskinen', title: 'Työterveyslääkäri', profession: 'Doctor', specialties: ['TTL', 'YLE'], clinics: ['HP', 'RMT'], rate: 'general', fees: ['office'] },
  { firstName: 'Jari', lastName: 'Järvinen', title: 'Työterveyslääkäri', profession: 'Doctor', specialties: ['TTL'], clinics: ['TKR'], rate: null },
  { firstName: 'Tiina', lastName: 'Mattila', title: 'Työterveyshoitaja', profession: 'Nurse', specialties: ['TTH', 'ROKT', 'INFL', 'KORR'], clinics: ['HP', 'NRMT'], rate: 'nurse' },
  { firstName: 'Kaisa', lastName: 'Salo', title: 'Sairaanhoitaja', profession: 'Nurse', specialties: ['ROKT', 'INFL', 'KORR'], clinics: ['KA', 'KER'], rate: 'vaccination' },
  {
    firstName: 'Heikki',
    lastName: 'Laaksonen',
    title: 'Psykologi',
    profession: 'Psychologist',
    specialties: ['PSY'],
    clinics: ['ITK', 'OS'],
    rate: 'psychologist',
    fees: ['office'],
    shift: 'late',
  },
  { firstName: 'Laura', lastName: 'Hiltunen', title: 'Työterveyspsykologi', profession: 'Psychologist', specialties: ['TPSG', 'PSY'], clinics: ['HP', 'OS'], rate: 'psychologist', fees: ['office'] },
  {
    firstName: 'Pertti',
    lastName: 'Rantanen',
    title: 'Endokrinologian erikoislääkäri',
    profession: 'Doctor',
    specialties: ['ENDO'],
    clinics: ['KA', 'JPA'],
    rate: 'specialist',
    rateCents: 15900,
    fees: ['office'],
    reservationInfo: info(
      'Ota mukaan **tuoreet laboratoriotuloksesi** ja lista lääkkeistäsi.',
      'Ta med dina **senaste laboratorieresultat** och en lista över dina läkemedel.',
      'Bring your **recent laboratory results** and a list of your medicines.',
    ),
  },
  { firstName: 'Elina', lastName: 'Aaltonen', title: 'Naistentautien erikoislääkäri', profession: 'Doctor', specialties: ['GYN'], clinics: ['TAP', 'TUU'], rate: 'specialist', fees: ['office'] },
  { firstName: 'Markus', lastName: 'Lehtonen', title: 'Lastentautien erikoislääkäri', profession: 'Doctor', specialties: ['NNA'], clinics: ['ITK', 'HYV'], rate: 'specialist', rateCents: 12900, fees: ['office'] },
  { firstName: 'Ritva', lastName: 'Pitkänen', title: 'Geriatrian erikoislääkäri', profession: 'Doctor', specialties: ['GRG'], clinics: ['KER', 'HYV'], rate: 'specialist', fees: ['office'] },
  {
    firstName: 'Ville',
    lastName: 'Karjalainen',
    title: 'Fysioterapeutti',
    profession: 'Physiotherapist',
    specialties: ['FYS'],
    clinics: ['LPV', 'TUU'],
    rate: 'physio',
    fees: ['office'],
    // The same text shows on every type's reservation page: it must not promise "no referral" where
    // occupational physiotherapy asks the patient to confirm one (docs/product-decisions.md, "Occupational confirmation groups").
    reservationInfo: info(
      'Varaa käynnille 45 minuuttia. Yksityisasiakkaana voit tulla ilman lähetettä; työterveyshuollon fysioterapiaan tarvitset lähetteen.',
      'Reservera 45 minuter för besöket. Som privatkund kan du komma utan remiss; till fysioterapi inom företagshälsovården behöver du en remiss.',
      'Allow 45 minutes for the visit. As a private customer you can come without a referral; occupational health care physiotherapy needs a referral.',
    ),
  },
  { firstName: 'Noora', lastName: 'Hämäläinen', title: 'Yleislääkäri', profession: 'Doctor', specialties: ['YLE'], clinics: ['CHA', 'RMT'], rate: 'general', fees: ['remote'], shift: 'on-call' },
  { firstName: 'Olli', lastName: 'Turunen', title: 'Yleislääkäri', profession: 'Doctor', specialties: ['YLE'], clinics: ['JPA', 'HYV'], rate: 'general', fees: ['office'] },
  { firstName: 'Satu', lastName: 'Manninen', title: 'Sairaanhoitaja', profession: 'Nurse', specialties: ['ROKT', 'INFL'], clinics: ['TKR', 'JPA'], rate: 'vaccination' },
  // general practice
  { firstName: 'Johanna', lastName: 'Heinonen', title: 'Yleislääkäri', profession: 'Doctor', specialties: ['YLE'], clinics: ['HP', 'ITK'], rate: 'general', fees: ['office'], shift: 'late' },
  { firstName: 'Antti', lastName: 'Kallio', title: 'Yleislääkäri', profession: 'Doctor', specialties: ['YLE'], clinics: ['TKR', 'KER'], rate: 'general', fees: ['office'] },
  { firstName: 'Maria', lastName: 'Lindqvist', title: 'Yleislääkäri', profession: 'Doctor', specialties: ['YLE'], clinics: ['KA', 'TAP'], rate: 'general', rateCents: 9500, fees: ['office'], shift: 'late' },
  { firstName: 'Petri', lastName: 'Saarinen', title: 'Yleislääkäri', profession: 'Doctor', specialties: ['YLE'], clinics: ['RMT', 'OS'], rate: 'general', fees: ['remote'], shift: 'on-call' },
  { firstName: 'Hanna', lastName: 'Peltonen', title: 'Yleislääkäri', profession: 'Doctor', specialties: ['YLE'], clinics: ['TUU', 'JPA'], rate: 'general', fees: ['office'] },
  { firstName: 'Tuomas', lastName: 'Kinnunen', title: 'Yleislääkäri', profession: 'Doctor', specialties: ['YLE'], clinics: ['HYV', 'KER'], rate: 'general', fees: ['office'], shift: 'late' },
  // occupational health
  { firstName: 'Katja', lastName: 'Niemi', title: 'Työterveyslääkäri', profession: 'Doctor', specialties: ['TTL', 'YLE'], clinics: ['KA', 'RMT'], rate: 'general', fees: ['office'] },
  { firstName: 'Matti', lastName: 'Ahonen', title: 'Työterveyslääkäri', profession: 'Doctor', specialties: ['TTL'], clinics: ['LPV', 'RMT'], rate: null, shift: 'late' },
  { firstName: 'Paula', lastName: 'Jokinen', title: 'Työterveyshoitaja', profession: 'Nurse', specialties: ['TTH', 'INFL'], clinics: ['TAP', 'NRMT'], rate: null },
  { firstName: 'Riikka', lastName: 'Hakala', title: 'Työterveyshoitaja', profession: 'Nurse', specialties: ['TTH', 'INFL', 'ROKT'], clinics: ['TKR', 'NRMT'], rate: null, shift: 'late' },
  { firstName: 'Jussi', lastName: 'Savolainen', title: 'Työterveyspsykologi', profession: 'Psychologist', specialties: ['TPSG'], clinics: ['OS', 'ITK'], rate: null },
  // psychology
  { firstName: 'Emilia', lastName: 'Räsänen', title: 'Psykologi', profession: 'Psychologist', specialties: ['PSY'], clinics: ['KA', 'OS'], rate: 'psychologist', rateCents: 12000, fees: ['office'] },
  { firstName: 'Sanna', lastName: 'Toivonen', title: 'Psykologi', profession: 'Psychologist', specialties: ['PSY'], clinics: ['OS'], rate: 'psychologist', fees: ['remote'], shift: 'late' },
  { firstName: 'Teemu', lastName: 'Mustonen', title: 'Psykologi', profession: 'Psychologist', specialties: ['PSY'], clinics: ['TKR', 'JPA'], rate: 'psychologist', fees: ['office'] },
  // specialists (the remote-capable specialties also see patients remotely)
  { firstName: 'Helena', lastName: 'Salminen', title: 'Endokrinologian erikoislääkäri', profession: 'Doctor', specialties: ['ENDO'], clinics: ['HP', 'RMT'], rate: 'specialist', fees: ['office'] },
  { firstName: 'Kari', lastName: 'Ketola', title: 'Naistentautien erikoislääkäri', profession: 'Doctor', specialties: ['GYN'], clinics: ['KA', 'RMT'], rate: 'specialist', rateCents: 14900, fees: ['office'], shift: 'late' },
  { firstName: 'Liisa', lastName: 'Valtonen', title: 'Naistentautien erikoislääkäri', profession: 'Doctor', specialties: ['GYN'], clinics: ['TKR', 'KER'], rate: 'specialist', fees: ['office'] },
  { firstName: 'Aleksi', lastName: 'Aho', title: 'Lastentautien erikoislääkäri', profession: 'Doctor', specialties: ['NNA'], clinics: ['LPV', 'RMT'], rate: 'specialist', fees: ['office'], shift: 'late' },
  { firstName: 'Minna', lastName: 'Honkanen', title: 'Lastentautien erikoislääkäri', profession: 'Doctor', specialties: ['NNA'], clinics: ['TKR', 'JPA'], rate: 'specialist', rateCents: 12900, fees: ['office'] },
  { firstName: 'Erkki', lastName: 'Kivelä', title: 'Geriatrian erikoislääkäri', profession: 'Doctor', specialties: ['GRG'], clinics: ['HP', 'RMT'], rate: 'specialist', fees: ['office'] },
  // physiotherapy
  { firstName: 'Iida', lastName: 'Nurmi', title: 'Fysioterapeutti', profession: 'Physiotherapist', specialties: ['FYS'], clinics: ['KA', 'HP'], rate: 'physio', fees: ['office'], shift: 'late' },
  { firstName: 'Oskar', lastName: 'Backman', title: 'Fysioterapeutti', profession: 'Physiotherapist', specialties: ['FYS'], clinics: ['TKR', 'KER'], rate: 'physio', rateCents: 7900, fees: ['office'] },
  { firstName: 'Sofia', lastName: 'Rinne', title: 'Fysioterapeutti', profession: 'Physiotherapist', specialties: ['FYS'], clinics: ['ITK', 'HYV'], rate: 'physio', fees: ['office'] },
  // nurses and vaccinations
  { firstName: 'Marja', lastName: 'Harju', title: 'Sairaanhoitaja', profession: 'Nurse', specialties: ['ROKT', 'INFL', 'KORR'], clinics: ['LPV', 'TAP'], rate: 'vaccination', shift: 'late' },
  { firstName: 'Eeva', lastName: 'Leinonen', title: 'Sairaanhoitaja', profession: 'Nurse', specialties: ['ROKT', 'INFL'], clinics: ['HYV', 'TUU'], rate: 'vaccination' },
  { firstName: 'Tanja', lastName: 'Sirola', title: 'Sairaanhoitaja', profession: 'Nurse', specialties: ['YLE'], clinics: ['NRMT'], rate: 'nurse', fees: ['remote'], shift: 'on-call' },
  // bookable resources
  {
    firstName: 'Rokotuspiste',
    lastName: 'Kamppi',
    title: 'Rokotuspiste',
    profession: 'Nurse',
    specialties: ['INFL', 'KORR', 'ROKT'],
    clinics: ['KA'],
    rate: 'vaccination',
    isResource: true,
    shift: 'late',
  },
  { firstName: 'Rokotuspiste', lastName: 'Tikkurila', title: 'Rokotuspiste', profession: 'Nurse', specialties: ['INFL', 'ROKT'], clinics: ['TKR'], rate: 'vaccination', isResource: true },
  {
    firstName: 'Laboratorio',
    lastName: 'Leppävaara',
    title: 'Laboratorio',
    profession: 'Nurse',
    specialties: ['LAB'],
    clinics: ['LPV'],
    rate: 'laboratory',
    fees: ['specimen'],
    isResource: true,
  },
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
const INSERT_BATCH = 500;
const VACCINATION_SPECIALTIES = new Set(['ROKT', 'KORR', 'INFL']);

/** Working hours [from, to) in Helsinki minutes, or null on a day off. On-call doctors work weekends too. */
function workingHours(shift: Shift, date: string): [number, number] | null {
  const weekday = isoWeekday(date);
  if (shift === 'on-call') return weekday <= 5 ? [7 * 60, 22 * 60] : [9 * 60, 21 * 60];
  if (weekday > 5) return null;
  return shift === 'late' ? [13 * 60, 21 * 60] : [8 * 60, 16 * 60];
}

function durationOf(p: PractitionerSeed): number {
  if (p.isResource) return 15;
  if (p.profession === 'Psychologist' || p.profession === 'Physiotherapist') return 45;
  return p.profession === 'Nurse' ? 20 : 30;
}

/** Remote clinics' kinds: video at the online clinic, chat as a remote visit, phone or video elsewhere. */
function kindAt(clinicId: string, specialtyId: string, random: () => number): string {
  if (clinicId === 'OS') return 'VETA';
  if (clinicId === 'CHA') return 'ETA';
  if (clinicId === 'NRMT') return random() < 0.5 ? 'PUH' : 'ETA';
  if (clinicId === 'RMT') return random() < 0.6 ? 'VETA' : 'PUH';
  if (specialtyId === 'LAB') return 'LAB';
  return VACCINATION_SPECIALTIES.has(specialtyId) ? 'ROK' : 'VAST';
}

/**
 * Four weeks of free slots from today (Europe/Helsinki), deterministic for the day: each
 * practitioner works at one of their clinics a day. Today is included with the later hours free
 * (on-call remote doctors until 22), so a patient can book later today; the search offers only
 * slots that have not started.
 */
export function buildSlots(today: string, ids: ReadonlyMap<string, number>): (typeof appointmentSlots.$inferInsert)[] {
  const random = mulberry32(Number(today.replaceAll('-', '')));
  const slots: (typeof appointmentSlots.$inferInsert)[] = [];
  for (let day = 0; day < SLOT_WEEKS * 7; day++) {
    const date = addDays(today, day);
    for (const [index, p] of practitionerSeeds.entries()) {
      const hours = workingHours(p.shift ?? 'day', date);
      if (!hours) continue;
      const clinicId = p.clinics[(day + index) % p.clinics.length]!;
      const isRemote = REMOTE_CLINICS.has(clinicId);
      const duration = durationOf(p);
      const freeShare = day === 0 ? 0.7 : 0.45;
      for (let minutes = hours[0]; minutes + duration <= hours[1]; minutes += duration) {
        if (minutes >= 11 * 60 && minutes < 11 * 60 + 30 && p.shift !== 'on-call') continue; // lunch
        if (random() >= freeShare) continue; // the rest are already taken
        const specialtyId = p.specialties[Math.floor(random() * p.specialties.length)]!;
        const kindId = kindAt(clinicId, specialtyId, random);
        slots.push({
          clinicId,
          practitionerId: ids.get(p.lastName)!,
          specialtyId,
          startsAt: helsinkiInstant(date, Math.floor(minutes / 60), minutes % 60),
          durationMinutes: duration,
          isRemote,
          kindId,
          // psychologists' and some others' times need strong identification to reserve
          requiresStrongAuth: specialtyId === 'PSY' || specialtyId === 'TPSG' || random() < 0.08,
          isSpecificTime: kindId !== 'LAB',
          roomLocation: isRemote || random() < 0.2 ? null : `${(index % 4) + 1}${String(10 + (index % 30)).padStart(2, '0')}`,
          withdrawn: random() < 0.03,
        });
      }
    }
  }
  return slots;
}

/** The clinics part of the demo world: clinics, specialties, kinds, practitioners and their free slots. */
export async function seedClinics(db: Database, world: DemoWorld): Promise<void> {
  await db.insert(clinics).values(clinicRows);
  await db.insert(specialties).values(specialtyRows);
  await db.insert(appointmentKinds).values(kindRows).onConflictDoNothing();
  const inserted = await db
    .insert(practitioners)
    .values(
      practitionerSeeds.map((p) => ({
        firstName: p.firstName,
        lastName: p.lastName,
        title: p.title,
        profession: p.profession,
        isResource: p.isResource ?? false,
        rate: p.rate ? { ...RATES[p.rate], cents: p.rateCents ?? RATES[p.rate].cents } : null,
        additionalFees: (p.fees ?? []).map((fee) => FEES[fee]),
        reservationInfo: p.reservationInfo ?? null,
      })),
    )
    .returning({ id: practitioners.id, lastName: practitioners.lastName });
  const ids = new Map(inserted.map((p) => [p.lastName, p.id]));
  await db.insert(practitionerSpecialties).values(
    practitionerSeeds.flatMap((p) => p.specialties.map((specialtyId) => ({ practitionerId: ids.get(p.lastName)!, specialtyId }))),
  );
  const slots = buildSlots(world.today, ids);
  for (let i = 0; i < slots.length; i += INSERT_BATCH) await db.insert(appointmentSlots).values(slots.slice(i, i + INSERT_BATCH));
}
