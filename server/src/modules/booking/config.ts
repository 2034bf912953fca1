import { z } from 'zod';
import { ConfigError, presentVariables, type Env } from '../../config/env';

const productIds = z
  .string()
  .transform((value) => value.split(',').map((id) => id.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/)).length(3));

const envSchema = z.object({
  /** internalOrganization of the adult brand's reservations (docs/product-decisions.md, "Values"; the children's brand sends pikkujatti) */
  BOOKING_PRODUCT_NAME: z.string().regex(/^[a-z0-9-]{1,40}$/).default('portal'),
  /** the three contract product ids that include influenza vaccinations (docs/product-decisions.md, "Values"), comma-separated */
  INFLUENZA_CONTRACT_PRODUCT_IDS: productIds.default(['OHC-INFL-1', 'OHC-INFL-2', 'OHC-INFL-3']),
  /** reservations one signed-in person, or one client address without a session, may attempt in a minute (issues 13, 30) */
  RESERVATION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(20),
  /** anonymous reservations one identity code may be tried with in an hour, from any address (issue 27) */
  ANONYMOUS_RESERVATION_ATTEMPTS_PER_IDENTITY_CODE_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  /** how long a search answer is reused, ms (search/result-cache.ts); 0: never. At most 2000: a taken slot may show that long. */
  BOOKING_SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(2000).optional(),
  APP_ENV: z.string().optional(),
  NODE_ENV: z.string().optional(),
});

/** The booking module's settings (each feature folder reads its part). */
export interface BookingConfig {
  /** BOOKING_PRODUCT_NAME */
  productName: string;
  /** INFLUENZA_CONTRACT_PRODUCT_IDS */
  influenzaContractProductIds: readonly string[];
  /** RESERVATION_RATE_LIMIT_PER_MINUTE */
  reservationRateLimitPerMinute: number;
  /** ANONYMOUS_RESERVATION_ATTEMPTS_PER_IDENTITY_CODE_PER_HOUR */
  anonymousAttemptsPerIdentityCodePerHour: number;
  /** BOOKING_SEARCH_CACHE_MS: 1000 in production, else 0 (off) unless set */
  searchCacheMs: number;
}

export class BookingConfigError extends ConfigError {}

/** Reads the booking environment variables; throws BookingConfigError listing every problem. */
export function loadBookingConfig(env: Env = process.env): BookingConfig {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) throw new BookingConfigError(`Invalid booking configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  return {
    productName: e.BOOKING_PRODUCT_NAME,
    influenzaContractProductIds: e.INFLUENZA_CONTRACT_PRODUCT_IDS,
    reservationRateLimitPerMinute: e.RESERVATION_RATE_LIMIT_PER_MINUTE,
    anonymousAttemptsPerIdentityCodePerHour: e.ANONYMOUS_RESERVATION_ATTEMPTS_PER_IDENTITY_CODE_PER_HOUR,
    searchCacheMs: e.BOOKING_SEARCH_CACHE_MS ?? ((e.APP_ENV ?? e.NODE_ENV) === 'production' ? 1000 : 0),
  };
}
