import { z } from 'zod';
import { langSchema } from '../common';
import { textSchema, trimmedMultilineTextSchema, trimmedTextSchema } from '../text';

/** POST: accessibility feedback from the accessibility statement's form (anonymous or signed in). */
export const ACCESSIBILITY_FEEDBACK_PATH = '/api/accessibility-feedback';

/** Limits of the feedback form's fields, shared by the form and the server. */
export const ACCESSIBILITY_FEEDBACK_LIMITS = {
  page: 300,
  description: 4000,
  email: 254,
} as const;

/** An optional field left empty is the same as one not sent. */
const emptyAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * The feedback: the page or service it concerns (optional), what the problem is (required), and an
 * address to answer to (optional). Validated the same way by the form and by the server (400 with
 * the field paths `page`, `description`, `email`).
 */
export const accessibilityFeedbackRequestSchema = z.object({
  page: z.preprocess(emptyAsAbsent, trimmedTextSchema.max(ACCESSIBILITY_FEEDBACK_LIMITS.page).optional()),
  description: trimmedMultilineTextSchema.min(1).max(ACCESSIBILITY_FEEDBACK_LIMITS.description),
  email: z.preprocess(emptyAsAbsent, z.string().trim().pipe(z.email().max(ACCESSIBILITY_FEEDBACK_LIMITS.email)).optional()),
});
export type AccessibilityFeedbackRequest = z.infer<typeof accessibilityFeedbackRequestSchema>;

export const accessibilityFeedbackQuerySchema = z.object({
  lang: langSchema.optional(),
  csrfToken: textSchema.max(200).optional(),
});

export const accessibilityFeedbackResponseSchema = z.object({
  type: z.literal('success'),
  id: z.number().int(),
  received: z.string(),
});
export type AccessibilityFeedbackResponse = z.infer<typeof accessibilityFeedbackResponseSchema>;

/** GET /api/staff/accessibility-feedback: the newest first. */
export const ACCESSIBILITY_FEEDBACK_STAFF_PATH = '/api/staff/accessibility-feedback';

export const accessibilityFeedbackItemSchema = z.object({
  id: z.number().int(),
  received: z.string(),
  brand: z.string(),
  lang: langSchema,
  page: z.string().nullable(),
  description: z.string(),
  email: z.string().nullable(),
  /** whether it was sent signed in (who sent it is not kept) */
  signedIn: z.boolean(),
});
export const accessibilityFeedbackListSchema = z.object({ feedback: z.array(accessibilityFeedbackItemSchema) });
export type AccessibilityFeedbackItem = z.infer<typeof accessibilityFeedbackItemSchema>;
