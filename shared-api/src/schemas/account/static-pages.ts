import { z } from 'zod';
import { brandSchema } from '../common';

/**
 * The account remote's mostly static pages (spec part 2 §2.2 Help, §2.4 children's chat and sickness
 * fund, §6, §8, §9). Their content is in the remote; the loader's state carries what depends on the
 * brand, the environment's features and the person, so the first render comes from the embedded state
 * and nothing the server decides is hard-coded in the browser.
 */

/** The brand's app links (the footer's), for "the chat has moved to the app". */
export const appLinksSchema = z.object({ ios: z.url(), android: z.url() });
export type AppLinks = z.infer<typeof appLinksSchema>;

/** account.pikkutsatti and account.pikkutsatti-anonymous: the children's chat has moved to the app. */
export const pikkutsattiPageStateSchema = z.object({ appLinks: appLinksSchema });
export type PikkutsattiPageState = z.infer<typeof pikkutsattiPageStateSchema>;

/** What the SMS login FAQ quotes from the server's settings. */
export const smsLoginFaqSchema = z.object({
  /** a code is usable this long */
  codeValidMinutes: z.number().int().min(1),
  /** this many wrong codes log the person out */
  maxAttempts: z.number().int().min(1),
});
export type SmsLoginFaq = z.infer<typeof smsLoginFaqSchema>;

/**
 * account.help (ohjeita in every language; Finnish content): general patient instructions on the adult
 * brand only, the SMS login FAQ only with the mfa feature (null without it), and the brand's customer
 * service phone.
 */
export const helpPageStateSchema = z.object({
  brand: brandSchema,
  showGeneralInstructions: z.boolean(),
  smsLoginFaq: smsLoginFaqSchema.nullable(),
  customerServicePhone: z.string().min(1),
});
export type HelpPageState = z.infer<typeof helpPageStateSchema>;

/** A row of the sickness fund's service hours: Finnish day range, opening and closing time ('9.00'). */
export const serviceHoursSchema = z.object({ days: z.string().min(1), opens: z.string().min(1), closes: z.string().min(1) });
export type ServiceHours = z.infer<typeof serviceHoursSchema>;

/**
 * The sickness fund's rules and contact details that the static Finnish text quotes (part 2 §9 static
 * rules and hours; configuration on the server, demo values there).
 */
export const sicknessFundInfoSchema = z.object({
  name: z.string().min(1),
  phone: z.string().min(1),
  email: z.email(),
  serviceHours: z.array(serviceHoursSchema).min(1),
  /** share of the costs left after Kela's reimbursement that the fund pays */
  reimbursementPercent: z.number().int().min(0).max(100),
  /** the member pays this much of each claim themselves */
  deductibleEuros: z.number().min(0),
  /** claims later than this many months from the treatment are not paid */
  claimDeadlineMonths: z.number().int().min(1),
  /** at most this much per member in a calendar year */
  yearlyMaximumEuros: z.number().min(0),
  /** payments leave within this many weeks of a complete claim */
  paymentWeeks: z.number().int().min(1),
});
export type SicknessFundInfo = z.infer<typeof sicknessFundInfoSchema>;

/** account.sickness-fund (sairauskassa): members only (the person's is-finnair-sickness-fund-member). */
export const sicknessFundPageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), fund: sicknessFundInfoSchema }),
  z.object({ status: z.literal('not-member') }),
  /** spec §8: the occupational API answered a temporary error */
  z.object({ status: z.literal('temporary-api-error') }),
]);
export type SicknessFundPageState = z.infer<typeof sicknessFundPageStateSchema>;

/** The person's feature that makes them a member, and the environment's feature that shows the page. */
export const SICKNESS_FUND_MEMBER_FEATURE = 'is-finnair-sickness-fund-member';
export const SICKNESS_FUND_PAGE_FEATURE = 'sickness-fund-page';
