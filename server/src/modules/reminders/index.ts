import type { FastifyInstance } from 'fastify';
import type { ReminderSetting } from '@portal/shared-api';
import { appointmentDateTimeText, appointmentsForReminders, reminderAppointmentLink, reservedAppointmentsStartingBetween, type ReminderAppointment } from '../booking/index';
import { defineModule } from '../module';
import { serverMessage } from '../../pages/messages';
import { loadRemindersConfig, type RemindersConfig } from './config';
import { runReminders, type ReminderKind, type ReminderPorts, type ReminderRound } from './job';
import { settingOf } from './preferences';
import { installReminderRoutes } from './routes';
import { scheduleJob } from '../../jobs/schedule';

export { loadRemindersConfig, type RemindersConfig } from './config';

/** What other modules (account's My information) and the tests use of reminders. */
export interface RemindersService {
  /** the person's setting (the default, 24 hours, when they never chose) */
  settingOf(personId: string): Promise<ReminderSetting>;
  /** one run of the job now, at the clock's time (the scheduled runs call the same) */
  runNow(): Promise<ReminderRound>;
  /**
   * The job's clock (default: the system's). Tests set a controlled one; every instance of a test
   * sets the same, since the reminders' due times and leases are compared with it, not the database's.
   */
  setClock(clock: () => Date): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** appointment reminders (modules/reminders) */
    reminders: RemindersService;
  }
}

/** The SMS of one reminder, in the booking's language, with the appointment's link and check-in where the page offers it. */
export function reminderText(app: FastifyInstance, appointment: ReminderAppointment, kind: ReminderKind): string {
  const lang = appointment.lang;
  const clinic = appointment.isRemote ? serverMessage(lang, 'server.booking.reservation.remoteClinic') : appointment.clinicName;
  return serverMessage(lang, kind === '24h' ? 'server.reminders.sms24h' : 'server.reminders.sms2h')
    .replace('{dateTime}', appointmentDateTimeText(appointment.startsAt, lang))
    .replace('{clinic}', clinic)
    .replace('{checkIn}', appointment.selfCheckIn ? serverMessage(lang, 'server.reminders.checkIn') : '')
    .replace('{link}', reminderAppointmentLink(app, appointment));
}

function installReminders(app: FastifyInstance, config: RemindersConfig): void {
  let clock: () => Date = () => new Date();
  const ports = (): ReminderPorts => ({
    db: app.db,
    gateway: app.smsGateway,
    log: app.log,
    upcoming: (from, to) => reservedAppointmentsStartingBetween(app, from, to),
    appointments: (ids) => appointmentsForReminders(app, ids),
    text: (appointment, kind) => reminderText(app, appointment, kind),
  });
  const runNow = () => runReminders(ports(), clock());
  app.decorate('reminders', {
    settingOf: (personId: string) => settingOf(app.db, personId),
    runNow,
    setClock(next: () => Date) {
      clock = next;
    },
  } satisfies RemindersService);
  installReminderRoutes(app);
  if (!config.enabled) return;
  // the reminders that fell due while no instance ran go out when the app is ready (runOnReady); a
  // failed run is logged by the error's name only (a statement's parameters hold phone numbers)
  scheduleJob(app, {
    name: 'reminders',
    intervalMs: config.pollMs,
    runOnReady: true,
    run: async () => {
      const round = await runNow();
      if (round.sent + round.skipped + round.failed > 0) app.log.info({ job: 'reminders', ...round }, 'appointment reminders run');
    },
  });
}

/**
 * Appointment reminders (issue 33): an SMS 24 hours (and, if the patient wants, 2 hours) before each
 * reserved appointment, sent by a job on every instance that sends each reminder once (job.ts), and
 * the setting of My information (routes.ts; the page's state reads `app.reminders.settingOf`).
 * Appointments are read through booking's public entry; SMS go through `app.smsGateway` (mfa).
 */
export const remindersModule = defineModule({
  name: 'reminders',
  loadConfig: loadRemindersConfig,
  install(app, config) {
    installReminders(app, config);
  },
});
