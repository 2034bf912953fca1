import type { FastifyInstance } from 'fastify';
import { defineModule } from '../module';
import { installAnonymousLink } from './anonymous-link/routes';
import { installAppointments } from './appointments/routes';
import { installBookingSummary } from './appointments/summary';
import { installCalendar } from './calendar/routes';
import { installChangeTime } from './change-time/routes';
import { loadBookingConfig } from './config';
import type { InsuranceAdapters } from './insurance/adapters';
import { installInsurance } from './insurance/routes';
import { registerPageLoaders } from './pages/index.generated';
import { installReservation } from './reservation/routes';
import { installSearch } from './search/routes';
import { installWaitlist } from './waitlist/routes';

export { loadBookingConfig, type BookingConfig } from './config';
/** The insurers' port, and the redirect checks the test insurer's page (server/src/demo/insurers/) shares. */
export { InsurerUnavailableError, type InsuranceAdapters, type InsuredPerson } from './insurance/adapters';
export { langOfPath, ownPath } from './insurance/routes';
/** The cancellation window's rule, for the demo seed's appointments that must fall inside it. */
export { withinCancellationWindow } from './cancellation';

/**
 * The insurers' test doubles (server/src/demo/insurers/): they register what pages they need in
 * this app and answer the adapters the insurance routes call.
 */
export interface TestInsurers {
  install(app: FastifyInstance): InsuranceAdapters;
}
/**
 * Booking's public reads for other modules (the reminders module: modules/reminders), so that no
 * other module reads booking's tables.
 */
export {
  appointmentDateTimeText,
  appointmentsForReminders,
  reminderAppointmentLink,
  reservedAppointmentsStartingBetween,
  type ReminderAppointment,
} from './appointments/reminders';

/**
 * The mf-booking remote's calls (spec part 2 §2.1, §4, §7, §8): one folder per feature, each with its
 * routes (each page's loader is pages/<page>.ts); the tables are in schema.ts (the catalogue's in ../clinics/schema.ts).
 * - search/          appointment search, the landing and list pages, occupational statuses
 * - reservation/     the reservation pages and both reserve calls
 * - insurance/       If, LähiTapiola, Pohjola and the concept service, behind adapters
 * - appointments/    the appointments list, the appointment page, check-in, cancel, arrival reason, the front-page summary
 * - anonymous-link/  the anonymous appointment link and its identity-code check-in
 * - calendar/        "Add to calendar" (.ics)
 * - change-time/     "Change time": a new slot swapped in one transaction
 * - waitlist/        "Tell me of an earlier time"
 */
export const bookingModule = defineModule({
  name: 'booking',
  loadConfig: loadBookingConfig,
  // insurance/adapters.ts is the seam for real integrations; only the test doubles exist today.
  demoParts: () => ['booking: the insurers (Pohjola, LähiTapiola) and the concept service are the built-in test doubles (server/src/demo/insurers/); no real integration is configured'],
  install(app, config) {
    // every page's loader, each its pages/<page>.ts (generated from mf-booking/routes.json)
    registerPageLoaders(app, { app, config });
    installSearch(app, config);
    installReservation(app, config);
    const insurers = app.testDoubles.insurers;
    if (!insurers) throw new Error('no insurer integration is wired: only the test doubles exist (server/src/demo/insurers/)');
    installInsurance(app, config, insurers.install(app));
    installAppointments(app, config);
    installBookingSummary(app);
    installAnonymousLink(app, config);
    installCalendar(app, config);
    installChangeTime(app, config);
    installWaitlist(app, config);
  },
});
