import { z } from 'zod';
import { isoDateTimeSchema } from '../common';
import { trimmedMultilineTextSchema, trimmedTextSchema } from '../text';

/** Conversation polling interval (spec part 1 §9); an environment may shorten it (the e2e suite does). */
export const MESSAGING_POLL_INTERVAL_MS = 120_000;
/** Conversations per page (spec part 1 §9). */
export const CONVERSATIONS_PAGE_SIZE = 10;
/** New thread subject (spec part 1 §5, §9). */
export const THREAD_SUBJECT_MAX_LENGTH = 70;
/** A message's text; the spec gives no limit, this keeps one request bounded. */
export const MESSAGE_CONTENT_MAX_LENGTH = 10_000;
/** Closed-conversation toast (spec part 1 §9). */
export const CLOSED_THREAD_TOAST_MS = 15_000;
/** The thread scrolls to its last item this long after rendering (spec part 1 §2). */
export const THREAD_SCROLL_DELAY_MS = 100;

export const announcementTypeSchema = z.enum(['info', 'notification', 'warning', 'success']);

/** Customer messaging info (spec part 1 §3): the optional announcement, already in the page's language. */
export const customerMessagingInfoSchema = z.object({
  active: z.boolean(),
  heading: z.string(),
  description: z.string(),
  announcementType: announcementTypeSchema,
});
export type CustomerMessagingInfo = z.infer<typeof customerMessagingInfoSchema>;

/** Who a new conversation can be addressed to: the customer's healthcare team (spec part 1 §2 New conversation). */
export const messagingRecipientSchema = z.object({ id: z.string(), name: z.string() });
export type MessagingRecipient = z.infer<typeof messagingRecipientSchema>;

/** Front-page conversations summary (spec part 1 §1): shown only when totalCount > 0. Newest first, at most 3. */
export const conversationSummaryItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  isRead: z.boolean(),
  latestMessageAt: isoDateTimeSchema,
  latestAuthorName: z.string(),
  /** the latest message's author is the customer */
  latestByCustomer: z.boolean(),
  latestDeleted: z.boolean(),
});
export const messagingSummarySchema = z.object({
  totalCount: z.number().int().min(0),
  unreadCount: z.number().int().min(0),
  threads: z.array(conversationSummaryItemSchema),
  /** true while messaging is in maintenance (MESSAGING_STATUS=maintenance-mode): no new message is offered */
  maintenance: z.boolean().optional(),
});
export type MessagingSummary = z.infer<typeof messagingSummarySchema>;
export type ConversationSummaryItem = z.infer<typeof conversationSummaryItemSchema>;

/** Server-side checks of the mutations' inputs (the GraphQL schema checks the shapes; these the rules). */
// trimmed before the limit is counted: blanks around a message never make it too long (issue 28)
export const outgoingMessageContentSchema = trimmedMultilineTextSchema.max(MESSAGE_CONTENT_MAX_LENGTH);
export const newThreadTitleSchema = trimmedTextSchema.min(1).max(THREAD_SUBJECT_MAX_LENGTH);
