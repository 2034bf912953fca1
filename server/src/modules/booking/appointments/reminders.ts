import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { Lang } from '@portal/shared-api';
import { profileLanguages } from '../../account/index';
import { appointmentLink, smsDateTime } from '../reservation/confirmation';
import { appointments } from '../schema';
import { isRemoteSlot } from '../slot-rows';
import { findAppointmentRows } from './detail';
import { reservedAppointmentIdsStartingBetween } from './upcoming';

/**
 * What the reminders module (modules/reminders) may know of an appointment, read through booking's
 * public entry (index.ts) so that it never reads booking's tables itself: when it starts, whether it
 * is still reserved, where the texts go and in which language, and whether the patient can check in
 * on the appointment's page (spec part 2 §4: a specific-time appointment at a clinic, not remote).
 */
export interface ReminderAppointment {
  id: number;
  personId: string;
  status: 'reserved' | 'checked-in' | 'cancelled';
  startsAt: Date;
  reservedAt: Date;
  /** the reservation's language; else the patient's profile language; else Finnish */
  lang: Lang;
  /** the contact number given at reservation, else the person's own; null: nowhere to send */
  phone: string | null;
  anonymous: boolean;
  linkToken: string;
  clinicName: string;
  isRemote: boolean;
  /** the appointment's page offers check-in (from 30 minutes before the start) */
  selfCheckIn: boolean;
}

/** These appointments as they are now, whatever their status (a reminder checks again just before it is sent). */
export async function appointmentsForReminders(app: FastifyInstance, ids: readonly number[]): Promise<ReminderAppointment[]> {
  if (ids.length === 0) return [];
  const [rows, contacts] = await Promise.all([
    findAppointmentRows(app.db, { appointmentIds: ids }),
    app.db
      .select({ id: appointments.id, phone: appointments.phone, linkToken: appointments.linkToken, anonymous: appointments.anonymous, lang: appointments.lang })
      .from(appointments)
      .where(inArray(appointments.id, [...ids])),
  ]);
  const contactOf = new Map(contacts.map((contact) => [contact.id, contact]));
  // My information and the people are other modules': their services, not their tables
  const withoutLang = [...new Set(rows.filter((row) => !contactOf.get(row.id)?.lang).map((row) => row.personId))];
  const withoutPhone = [...new Set(rows.filter((row) => !contactOf.get(row.id)?.phone).map((row) => row.personId))];
  const [languages, people] = await Promise.all([profileLanguages(app.db, withoutLang), Promise.all(withoutPhone.map((personId) => app.people.findById(personId)))]);
  const ownPhone = new Map(people.flatMap((person) => (person ? [[person.id, person.phoneNumber] as const] : [])));
  return rows.flatMap((row) => {
    const contact = contactOf.get(row.id);
    if (!contact) return [];
    const isRemote = isRemoteSlot(row);
    return [
      {
        id: row.id,
        personId: row.personId,
        status: row.status,
        startsAt: row.startsAt,
        reservedAt: row.reservedAt,
        lang: contact.lang ?? languages.get(row.personId) ?? 'fi',
        phone: contact.phone ?? ownPhone.get(row.personId) ?? null,
        anonymous: contact.anonymous,
        linkToken: contact.linkToken,
        clinicName: row.clinicName,
        isRemote,
        selfCheckIn: row.isSpecificTime && !isRemote,
      },
    ];
  });
}

/** The reserved (not checked-in, not cancelled) appointments starting in (from, to]. */
export async function reservedAppointmentsStartingBetween(app: FastifyInstance, from: Date, to: Date): Promise<ReminderAppointment[]> {
  return appointmentsForReminders(app, await reservedAppointmentIdsStartingBetween(app.db, from, to));
}

/** The appointment's link as the confirmation SMS has it: the signed-in page by id, the anonymous link by its token. */
export function reminderAppointmentLink(app: FastifyInstance, appointment: Pick<ReminderAppointment, 'id' | 'anonymous' | 'linkToken' | 'lang'>): string {
  return appointmentLink(app, appointment.lang, appointment.anonymous ? { linkToken: appointment.linkToken } : { appointmentId: appointment.id });
}

/** The appointment's start as every SMS of the portal writes it (Helsinki time, the text's language). */
export { smsDateTime as appointmentDateTimeText };
