import { z } from 'zod';
import { isoDateSchema } from '../common';

/**
 * The account remote's mostly static pages (spec part 2 §2.2 Help, §2.4 children's chat and sickness
 * fund, §6, §8, §9). Their content is in the remote; the loader's state carries what depends on the
 * brand, the environment's features and the person, so the first render comes from the embedded state
 * and nothing the server decides is hard-coded in the browser.
 */

/** The brand's app links (the footer's), for "the chat has moved to the app". */
export const appLinksSchema = z.object({ ios: z.url(), android: z.url() });
export type AppLinks = z.infer<typeof appLinksSchema>;

/** What the SMS login FAQ quotes from the server's settings. */
export const smsLoginFaqSchema = z.object({
  /** a code is usable this long */
  codeValidMinutes: z.number().int().min(1),
  /** this many wrong codes log the person out */
  maxAttempts: z.number().int().min(1),
});
export type SmsLoginFaq = z.infer<typeof smsLoginFaqSchema>;

const euros = z.number().min(0);
const percent = z.number().int().min(0).max(100);
const visits = z.number().int().min(1);

/** Opening hours as whole hours of the day, 7 and 21 for "7–21". */
export const openingHoursSchema = z
  .object({ opens: z.number().int().min(0).max(24), closes: z.number().int().min(0).max(24) })
  .refine((hours) => hours.opens < hours.closes, { message: 'opens before it closes' });
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/**
 * The sickness fund's static rules and nurse service hours that its Finnish pages quote (spec part 2
 * §9 "Sickness fund static rules", effective 1.1.2024). The values are the spec's, set on the server;
 * the Finnish wording is the remote's. Each rule carries exactly what the spec gives for it.
 */
export const sicknessFundInfoSchema = z.object({
  /** the rules apply from this day (ISO date) */
  effectiveFrom: isoDateSchema,
  rules: z.object({
    /** nurse visit: 5 € */
    nurseVisit: z.object({ feeEuros: euros }),
    /** general practitioner: 15 €, at most 12 visits a year */
    generalPractitioner: z.object({ feeEuros: euros, maxVisitsPerYear: visits }),
    /** specialist: 50 %, at most 200 € a visit, two visits a year */
    specialist: z.object({ percent, maxEurosPerVisit: euros, maxVisitsPerYear: visits }),
    /** procedures: 50 %, at most 300 € */
    procedures: z.object({ percent, maxEuros: euros }),
    /** psychotherapy: at most 10 times, 0 % */
    psychotherapy: z.object({ maxSessions: visits, percent }),
    /** physiotherapy: 50 %, at most 500 € a year */
    physiotherapy: z.object({ percent, maxEurosPerYear: euros }),
  }),
  hours: z.object({
    /** the nurses' phone service: weekdays, and weekends and public holidays */
    nursePhone: z.object({ weekdays: openingHoursSchema, weekendsAndHolidays: openingHoursSchema }),
    /** the chat: weekdays and weekends */
    chat: z.object({ weekdays: openingHoursSchema, weekends: openingHoursSchema }),
    /** non-urgent messages are answered within this many working days */
    messageReplyWorkingDays: z.number().int().min(1),
  }),
});
export type SicknessFundInfo = z.infer<typeof sicknessFundInfoSchema>;

/** The person's feature that makes them a member, and the environment's feature that shows the page. */
export const SICKNESS_FUND_MEMBER_FEATURE = 'is-finnair-sickness-fund-member';
export const SICKNESS_FUND_PAGE_FEATURE = 'sickness-fund-page';
