import { randomInt } from 'node:crypto';
import { IF_PAY_CONCEPT_CODE, VIDEO_KIND_ID } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { addDays, helsinkiInstant, isoWeekday } from '@portal/shared-i18n';
import { withinCancellationWindow } from '../../modules/booking/index';
import { appointments, occupationalContracts, patientConcepts } from '../../modules/booking/schema';
import { allPractitioners, insertAppointmentKindIfMissing, insertSlot, setMissingArrivalInfo, setMissingRates, type LocalizedContent } from '../../modules/clinics/index';
import type { DemoWorld } from './personas';

/** The booking part of the demo world: the occupational contract, the insurance concept, then the appointments. */
export async function seedBooking(db: Database, world: DemoWorld): Promise<void> {
  await seedOccupationalContracts(db, world);
  await seedInsuranceConcepts(db, world);
  await seedAppointments(db, world);
}

/**
 * The occupational health contracts (spec part 2 §2.1 occupational statuses, §2.4 vaccination page):
 * Aino's has web reservation and includes influenza vaccinations. OHC-INFL-1 is the first of the
 * default INFLUENZA_CONTRACT_PRODUCT_IDS (modules/booking/config.ts): a seed runs without the module's
 * configuration, so it names the default; an environment that changes the ids changes Aino's too.
 * OHC-DOCTOR-CHAT and OHC-NURSE-PHONE are the chat promotion's defaults (modules/front-page/config.ts): her
 * front page promotes the doctor chat, the more specific of the two.
 * Everyone else has no contract row: no occupational healthcare.
 */
const AINO_CONTRACT_PRODUCT_IDS = ['OHC-BASIC', 'OHC-GP', 'OHC-INFL-1', 'OHC-DOCTOR-CHAT', 'OHC-NURSE-PHONE'];

async function seedOccupationalContracts(db: Database, world: DemoWorld): Promise<void> {
  await db.insert(occupationalContracts).values({
    personId: world.people.aino,
    employerName: 'Lentoyhtiö Esimerkki Oy',
    webReservation: true,
    contractProductIds: AINO_CONTRACT_PRODUCT_IDS,
  });
}

/**
 * Mikko already has If's pay concept (without direct reimbursement): booking with If's pay or
 * company choice inserts nothing, direct reimbursement (use code 90157) inserts the concept first
 * (spec part 2 §4 "The concept insertion call happens only when …").
 */
async function seedInsuranceConcepts(db: Database, world: DemoWorld): Promise<void> {
  await db.insert(patientConcepts).values({ personId: world.people.mikko, code: IF_PAY_CONCEPT_CODE, directReimbursementAllowed: false });
}

const TOKEN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const TOKEN_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * An anonymous link's token: 24 letters and digits, the first a letter, so it never reads as a numeric
 * id. Booking makes its own the same way (docs/product-decisions.md, "Paths") and keeps that to itself.
 */
function newLinkToken(): string {
  let token = TOKEN_LETTERS[randomInt(TOKEN_LETTERS.length)]!;
  while (token.length < 24) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]!;
  return token;
}

/** The demo's arrival info, used where the catalogue has none, so the card's arrival section always shows. */
const ARRIVAL_INFO: LocalizedContent = {
  fi: 'Sisäänkäynti kadun puolelta. Ilmoittaudu **2. kerroksen** vastaanottoon tai tekstiviestin linkillä.',
  sv: 'Ingången från gatan. Anmäl dig i receptionen på **andra våningen** eller med länken i sms:et.',
  en: 'Entrance from the street side. Check in at the reception on the **2nd floor** or with the link in the text message.',
};

/** The first weekday on or after `date`. */
function weekdayFrom(date: string): string {
  let day = date;
  while (isoWeekday(day) > 5) day = addDays(day, 1);
  return day;
}

/** `instant` rounded up to the next five minutes. */
function roundUpToFiveMinutes(instant: Date): Date {
  const step = 5 * 60_000;
  return new Date(Math.ceil(instant.getTime() / step) * step);
}

interface DemoAppointment {
  personId: string;
  reservedByPersonId?: string;
  practitioner: string;
  specialtyId: string;
  clinicId: string;
  startsAt: Date;
  durationMinutes: number;
  healthcareType: 'private' | 'insurance' | 'occupational';
  kindId?: string;
  roomLocation?: string;
  status?: 'reserved' | 'checked-in' | 'cancelled';
  cancelledBy?: 'provider';
}

/**
 * The appointments of the demo world (issue 13), each on a slot of its own inserted here (the
 * catalogue's free slots are 8–16 on weekdays from tomorrow, so these sit before 8, at lunch, after
 * 16 or today and never double-book a practitioner). Mikko: one he can check in to right away, one
 * inside the cancellation window, one a week ahead (cancellable, with arrival info), a video visit
 * next week, one the provider cancelled, two past ones; Ella (Leena's ward) one, Aino an
 * occupational one, Jukka (no patient data consent) one that opens for check-in now, so its
 * check-in shows the consent-needed notice.
 */
async function seedAppointments(db: Database, world: DemoWorld): Promise<void> {
  const { today, people } = world;
  // The check-in-now appointments are relative to the moment the seed runs, not to world.today's
  // midnight: check-in opens 30 minutes before the start, so an appointment 20 minutes from now can
  // be checked in to as soon as the demo starts, whatever the time of day.
  const now = new Date();
  const soon = roundUpToFiveMinutes(new Date(now.getTime() + 20 * 60_000));
  const tomorrowMorning = helsinkiInstant(addDays(today, 1), 7, 30);
  // Seeded before 7.30, tomorrow morning is more than 24 hours away: then 20 hours from now instead.
  const insideWindow = withinCancellationWindow(tomorrowMorning, 24, now) ? tomorrowMorning : roundUpToFiveMinutes(new Date(now.getTime() + 20 * 3_600_000));

  await insertAppointmentKindIfMissing(db, {
    id: VIDEO_KIND_ID,
    description: { fi: 'Videovastaanotto', sv: 'Videomottagning', en: 'Video appointment' },
    locationType: 'RemoteAppointment',
  });
  await setMissingArrivalInfo(db, ARRIVAL_INFO);

  const rows = await allPractitioners(db);
  const practitionerId = (lastName: string): number => {
    const found = rows.find((row) => row.lastName === lastName);
    if (!found) throw new Error(`The catalogue has no practitioner ${lastName}`);
    return found.id;
  };
  // The private estimate needs a rate: the demo's practitioners get one where the catalogue set none.
  await setMissingRates(
    db,
    ['Rantanen', 'Lahtinen', 'Aaltonen', 'Hämäläinen'],
    { code: 'VO30', name: { fi: 'Vastaanotto', sv: 'Mottagning', en: 'Appointment' }, cents: 8900 },
    [{ code: 'TMK', name: { fi: 'Toimistomaksu', sv: 'Expeditionsavgift', en: 'Office fee' }, cents: 1290 }],
  );

  const day = (offset: number) => weekdayFrom(addDays(today, offset));
  const demo: DemoAppointment[] = [
    { personId: people.mikko, practitioner: 'Lahtinen', specialtyId: 'YLE', clinicId: 'KA', startsAt: soon, durationMinutes: 30, healthcareType: 'private', roomLocation: 'Huone 214, 2. krs' },
    { personId: people.mikko, practitioner: 'Heikkinen', specialtyId: 'YLE', clinicId: 'LPV', startsAt: insideWindow, durationMinutes: 30, healthcareType: 'private', roomLocation: 'Huone 12' },
    { personId: people.mikko, practitioner: 'Rantanen', specialtyId: 'ENDO', clinicId: 'KA', startsAt: helsinkiInstant(day(7), 11, 0), durationMinutes: 30, healthcareType: 'private', roomLocation: 'Huone 305, 3. krs' },
    { personId: people.mikko, practitioner: 'Hämäläinen', specialtyId: 'YLE', clinicId: 'RMT', startsAt: helsinkiInstant(day(8), 16, 15), durationMinutes: 30, healthcareType: 'private', kindId: VIDEO_KIND_ID },
    { personId: people.mikko, practitioner: 'Aaltonen', specialtyId: 'GYN', clinicId: 'TAP', startsAt: helsinkiInstant(day(10), 11, 30), durationMinutes: 30, healthcareType: 'private', status: 'cancelled', cancelledBy: 'provider' },
    { personId: people.mikko, practitioner: 'Lahtinen', specialtyId: 'YLE', clinicId: 'KA', startsAt: helsinkiInstant(addDays(today, -21), 11, 0), durationMinutes: 30, healthcareType: 'private', status: 'checked-in' },
    { personId: people.mikko, practitioner: 'Karjalainen', specialtyId: 'FYS', clinicId: 'LPV', startsAt: helsinkiInstant(addDays(today, -60), 16, 0), durationMinutes: 45, healthcareType: 'private', status: 'checked-in' },
    { personId: people.ella, reservedByPersonId: people.leena, practitioner: 'Lehtonen', specialtyId: 'NNA', clinicId: 'ITK', startsAt: helsinkiInstant(day(5), 16, 0), durationMinutes: 30, healthcareType: 'private', roomLocation: 'Huone 8' },
    { personId: people.aino, practitioner: 'Koskinen', specialtyId: 'TTL', clinicId: 'HP', startsAt: helsinkiInstant(day(6), 7, 30), durationMinutes: 30, healthcareType: 'occupational', roomLocation: 'Huone 4' },
    { personId: people.jukka, practitioner: 'Turunen', specialtyId: 'YLE', clinicId: 'JPA', startsAt: soon, durationMinutes: 30, healthcareType: 'private' },
  ];

  for (const item of demo) {
    const isRemote = item.clinicId === 'RMT';
    const slotId = await insertSlot(db, {
      clinicId: item.clinicId,
      practitionerId: practitionerId(item.practitioner),
      specialtyId: item.specialtyId,
      startsAt: item.startsAt,
      durationMinutes: item.durationMinutes,
      isRemote,
      kindId: item.kindId ?? 'VAST',
      roomLocation: item.roomLocation ?? null,
      // the provider's cancellation took the time off the calendar
      withdrawn: item.cancelledBy === 'provider',
    });
    const status = item.status ?? 'reserved';
    await db.insert(appointments).values({
      slotId,
      personId: item.personId,
      reservedByPersonId: item.reservedByPersonId ?? null,
      healthcareType: item.healthcareType,
      status,
      cancelledBy: item.cancelledBy ?? null,
      linkToken: newLinkToken(),
      reservedAt: new Date(Math.min(now.getTime(), item.startsAt.getTime()) - 14 * 86_400_000),
      checkedInAt: status === 'checked-in' ? item.startsAt : null,
      cancelledAt: status === 'cancelled' ? new Date(now.getTime() - 86_400_000) : null,
    });
  }
}
