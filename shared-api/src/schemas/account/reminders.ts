import { z } from 'zod';
import { textSchema } from '../text';

/**
 * Appointment reminders (issue 33): an SMS 24 hours, and if the patient wants also 2 hours, before
 * each reserved appointment. The setting is shown and changed in My information; the page's state
 * carries it (states/my-information.ts: `reminders`), and PUT saves it.
 */

export const APPOINTMENT_REMINDERS_PATH = '/api/appointment-reminders';

/** off: no reminders; 24h: the day before (the default); 24h+2h: also two hours before. */
export const reminderSettings = ['off', '24h', '24h+2h'] as const;
export const reminderSettingSchema = z.enum(reminderSettings);
export type ReminderSetting = z.infer<typeof reminderSettingSchema>;
export const DEFAULT_REMINDER_SETTING: ReminderSetting = '24h';

/** The person's reminders as the page and the calls carry them. */
export const appointmentRemindersSchema = z.object({ setting: reminderSettingSchema });
export type AppointmentReminders = z.infer<typeof appointmentRemindersSchema>;

/** PUT /api/appointment-reminders?csrfToken= body. */
export const appointmentRemindersRequestSchema = z.strictObject({ setting: reminderSettingSchema });
export type AppointmentRemindersRequest = z.infer<typeof appointmentRemindersRequestSchema>;

export const appointmentRemindersQuerySchema = z.object({ csrfToken: textSchema.max(200).optional() });

/** GET answer, and PUT's (`type: 'success'` with what was saved). */
export const appointmentRemindersResponseSchema = z.object({ reminders: appointmentRemindersSchema });
export type AppointmentRemindersResponse = z.infer<typeof appointmentRemindersResponseSchema>;
export const appointmentRemindersSaveResponseSchema = z.object({ type: z.literal('success'), reminders: appointmentRemindersSchema });
export type AppointmentRemindersSaveResponse = z.infer<typeof appointmentRemindersSaveResponseSchema>;
