import { defineModule } from '../module';
import { installAnonymousLink } from './anonymous-link/routes';
import { installAppointments } from './appointments/routes';
import { seedAppointments } from './appointments/seed';
import { installBookingSummary } from './appointments/summary';
import { installCalendar } from './calendar/routes';
import { installChangeTime } from './change-time/routes';
import { loadBookingConfig } from './config';
import { installInsurance } from './insurance/routes';
import { seedInsurance } from './insurance/seed';
import { installReservation } from './reservation/routes';
import { installSearch } from './search/routes';
import { seedSearch } from './search/seed';
import { installWaitlist } from './waitlist/routes';

export { loadBookingConfig, type BookingConfig } from './config';

/**
 * The mf-booking remote's calls (spec part 2 §2.1, §4, §7, §8): one folder per feature, each with its
 * routes and page loaders; the tables are in schema.ts (the catalogue's in ../clinics/schema.ts).
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
  demoParts: () => ['booking: the insurers (Pohjola, LähiTapiola) and the concept service are the built-in test doubles (insurance/test-doubles.ts); no real integration is configured'],
  install(app, config) {
    installSearch(app, config);
    installReservation(app, config);
    installInsurance(app, config);
    installAppointments(app, config);
    installBookingSummary(app);
    installAnonymousLink(app, config);
    installCalendar(app, config);
    installChangeTime(app, config);
    installWaitlist(app, config);
  },
  async seed(db, world) {
    await seedSearch(db, world);
    await seedInsurance(db, world);
    await seedAppointments(db, world);
  },
});
