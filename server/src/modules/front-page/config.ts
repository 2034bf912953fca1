import { z } from 'zod';
import { ConfigError, presentVariables, type Env } from '../../config/env';

/** Comma-separated contract product ids, as INFLUENZA_CONTRACT_PRODUCT_IDS has them (booking/config.ts). */
const productIds = z
  .string()
  .transform((value) => value.split(',').map((id) => id.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/)).min(1));

/** An address the patient's browser opens: https only, so the front page never links a script or plain http. */
const chatUrl = z.url({ protocol: /^https$/ });

/** `7-21`: opens at 7, closes at 21 (whole hours, Helsinki time). */
const hours = z
  .string()
  .regex(/^\d{1,2}-\d{1,2}$/, 'hours as opens-closes, e.g. 7-21')
  .transform((value) => {
    const [opens, closes] = value.split('-').map(Number) as [number, number];
    return { opens, closes };
  })
  .refine(({ opens, closes }) => opens < closes && closes <= 24, 'opens before it closes, by 24 at the latest');

/** A phone number as people read it ('010 555 0100'): digits, spaces, a leading +, dashes. */
const phone = z.string().regex(/^\+?[\d -]{5,20}$/);

const envSchema = z.object({
  /** contract products that include the doctor chat */
  CHAT_PROMOTION_DOCTOR_CHAT_PRODUCT_IDS: productIds.default(['OHC-DOCTOR-CHAT']),
  /** contract products that include the nurse chat */
  CHAT_PROMOTION_NURSE_CHAT_PRODUCT_IDS: productIds.default(['OHC-NURSE-CHAT']),
  /** contract products that include the phone service */
  CHAT_PROMOTION_PHONE_SERVICE_PRODUCT_IDS: productIds.default(['OHC-NURSE-PHONE']),
  CHAT_PROMOTION_DOCTOR_CHAT_URL: chatUrl.default('https://chat.example.fi/laakarichat'),
  CHAT_PROMOTION_NURSE_CHAT_URL: chatUrl.default('https://chat.example.fi/hoitajachat'),
  /** the phone service's number; unset: the brand's customer service phone */
  CHAT_PROMOTION_PHONE_NUMBER: phone.optional(),
  /** spec part 2 §9 gives the nurse phone hours: weekdays 7-21, weekends and holidays 9-18 */
  CHAT_PROMOTION_PHONE_HOURS_WEEKDAYS: hours.default({ opens: 7, closes: 21 }),
  CHAT_PROMOTION_PHONE_HOURS_WEEKENDS_AND_HOLIDAYS: hours.default({ opens: 9, closes: 18 }),
});

type OpeningHours = { opens: number; closes: number };

/** The front page module's settings: the chat promotion's products and where each service is reached. */
export interface FrontPageConfig {
  chatPromotion: {
    doctorChat: { productIds: readonly string[]; url: string };
    nurseChat: { productIds: readonly string[]; url: string };
    phoneService: {
      productIds: readonly string[];
      /** null: the brand's customer service phone */
      phone: string | null;
      hours: { weekdays: OpeningHours; weekendsAndHolidays: OpeningHours };
    };
  };
}

export class FrontPageConfigError extends ConfigError {}

/** Reads the CHAT_PROMOTION_* variables; throws FrontPageConfigError listing every problem. */
export function loadFrontPageConfig(env: Env = process.env): FrontPageConfig {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) throw new FrontPageConfigError(`Invalid front page configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  return {
    chatPromotion: {
      doctorChat: { productIds: e.CHAT_PROMOTION_DOCTOR_CHAT_PRODUCT_IDS, url: e.CHAT_PROMOTION_DOCTOR_CHAT_URL },
      nurseChat: { productIds: e.CHAT_PROMOTION_NURSE_CHAT_PRODUCT_IDS, url: e.CHAT_PROMOTION_NURSE_CHAT_URL },
      phoneService: {
        productIds: e.CHAT_PROMOTION_PHONE_SERVICE_PRODUCT_IDS,
        phone: e.CHAT_PROMOTION_PHONE_NUMBER ?? null,
        hours: { weekdays: e.CHAT_PROMOTION_PHONE_HOURS_WEEKDAYS, weekendsAndHolidays: e.CHAT_PROMOTION_PHONE_HOURS_WEEKENDS_AND_HOLIDAYS },
      },
    },
  };
}
