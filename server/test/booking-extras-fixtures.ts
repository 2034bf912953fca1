import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appointments } from '../src/modules/booking/schema';
import { appointmentSlots, practitioners } from '../src/modules/clinics/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * Slots and appointments made relative to the test's own clock (the seeded world's "now" is when its
 * template was built), for the appointment, summary, anonymous link, calendar, change-time and
 * waitlist tests.
 */

export async function practitionerIdOf(app: FastifyInstance, lastName: string): Promise<number> {
  const [row] = await app.db.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.lastName, lastName));
  if (!row) throw new Error(`no practitioner ${lastName}`);
  return row.id;
}

/** A test app with Mikko and Aino signed in, and the id of Anna Lahtinen, the practitioner of their slots. */
export async function startWithMikkoAndAino(): Promise<{ t: TestApp; mikko: SignedInCaller; aino: SignedInCaller; practitionerId: number }> {
  const t = await createTestApp();
  return {
    t,
    mikko: await signIn(t.app, PERSONAS.mikko),
    aino: await signIn(t.app, PERSONAS.aino),
    practitionerId: await practitionerIdOf(t.app, 'Lahtinen'),
  };
}

export interface SlotOptions {
  practitionerId: number;
  startsInMinutes: number;
  clinicId?: string;
  specialtyId?: string;
  durationMinutes?: number;
  kindId?: string;
  roomLocation?: string | null;
}

export async function addSlot(app: FastifyInstance, options: SlotOptions): Promise<number> {
  const clinicId = options.clinicId ?? 'KA';
  const [slot] = await app.db
    .insert(appointmentSlots)
    .values({
      clinicId,
      practitionerId: options.practitionerId,
      specialtyId: options.specialtyId ?? 'YLE',
      startsAt: new Date(Date.now() + options.startsInMinutes * 60_000),
      durationMinutes: options.durationMinutes ?? 30,
      isRemote: ['RMT', 'CHA', 'OS', 'NRMT'].includes(clinicId),
      ...(options.kindId ? { kindId: options.kindId } : {}),
      roomLocation: options.roomLocation === undefined ? 'Huone 7' : options.roomLocation,
    })
    .returning({ id: appointmentSlots.id });
  return slot!.id;
}

let tokenCounter = 0;

export interface Booked {
  id: string;
  slotId: number;
  linkToken: string;
}

/** An appointment of `personId` on `slotId` (reserved unless said otherwise). */
export async function book(
  app: FastifyInstance,
  personId: string,
  slotId: number,
  options: {
    status?: 'reserved' | 'checked-in' | 'cancelled';
    /** who cancelled a cancelled one; the patient unless said otherwise */
    cancelledBy?: 'provider' | 'patient';
    phone?: string | null;
    anonymous?: boolean;
  } = {},
): Promise<Booked> {
  const linkToken = `extras${++tokenCounter}T${Date.now().toString(36)}`;
  const [row] = await app.db
    .insert(appointments)
    .values({
      slotId,
      personId,
      healthcareType: 'private',
      status: options.status ?? 'reserved',
      cancelledBy: options.cancelledBy ?? (options.status === 'cancelled' ? 'patient' : null),
      anonymous: options.anonymous ?? false,
      linkToken,
      phone: options.phone === undefined ? '+358401110000' : options.phone,
    })
    .returning({ id: appointments.id });
  return { id: String(row!.id), slotId, linkToken };
}

/** A slot and a reserved appointment on it. */
export async function bookNew(app: FastifyInstance, personId: string, slot: SlotOptions, options?: Parameters<typeof book>[3]): Promise<Booked> {
  return book(app, personId, await addSlot(app, slot), options);
}

export async function storedAppointment(app: FastifyInstance, id: string | number) {
  const [row] = await app.db.select().from(appointments).where(eq(appointments.id, Number(id)));
  if (!row) throw new Error(`no appointment ${id}`);
  return row;
}
