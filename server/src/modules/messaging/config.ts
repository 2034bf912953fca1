import { z } from 'zod';
import { announcementTypeSchema, localizedTextSchema, MESSAGING_POLL_INTERVAL_MS, type Lang } from '@portal/shared-api';
import { ConfigError, presentVariables, type Env } from '../../config/env';

/** The messaging service's state: 'maintenance-mode' makes every operation answer MAINTENANCE (spec part 1 §8). */
export const messagingStatusSchema = z.enum(['ok', 'maintenance-mode']);
export type MessagingStatus = z.infer<typeof messagingStatusSchema>;

/** Customer messaging info (spec part 1 §3) in every language, as MESSAGING_ANNOUNCEMENT carries it. */
export const messagingAnnouncementSchema = z.object({
  active: z.boolean(),
  announcementType: announcementTypeSchema.default('info'),
  heading: localizedTextSchema,
  description: localizedTextSchema,
});
export type MessagingAnnouncement = z.infer<typeof messagingAnnouncementSchema>;

const INACTIVE_ANNOUNCEMENT: MessagingAnnouncement = {
  active: false,
  announcementType: 'info',
  heading: { fi: '', sv: '', en: '' },
  description: { fi: '', sv: '', en: '' },
};

const announcementFromJson = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(messagingAnnouncementSchema);

const envSchema = z.object({
  MESSAGING_STATUS: messagingStatusSchema.default('ok'),
  MESSAGING_ANNOUNCEMENT: announcementFromJson.optional(),
  MESSAGING_POLL_INTERVAL_MS: z.coerce.number().int().min(1000).default(MESSAGING_POLL_INTERVAL_MS),
  /** the professionals' API for testers (docs/product-decisions.md, "Staff work is outside the portal"): off unless set */
  STAFF_API_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export interface MessagingConfig {
  status: MessagingStatus;
  announcement: MessagingAnnouncement;
  pollIntervalMs: number;
  /** null: the staff API answers 404 */
  staffApiToken: string | null;
}

export class MessagingConfigError extends ConfigError {}

/** Reads the messaging environment variables; throws MessagingConfigError listing every problem. */
export function loadMessagingConfig(env: Env = process.env): MessagingConfig {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) throw new MessagingConfigError(`Invalid messaging configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  return {
    status: e.MESSAGING_STATUS,
    announcement: e.MESSAGING_ANNOUNCEMENT ?? INACTIVE_ANNOUNCEMENT,
    pollIntervalMs: e.MESSAGING_POLL_INTERVAL_MS,
    staffApiToken: e.STAFF_API_TOKEN ?? null,
  };
}

/** The announcement in one language, in the shape of customerMessagingInfoSchema. */
export function localizedAnnouncement(announcement: MessagingAnnouncement, lang: Lang) {
  return {
    active: announcement.active,
    heading: announcement.heading[lang],
    description: announcement.description[lang],
    announcementType: announcement.announcementType,
  };
}
