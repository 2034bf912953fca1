import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { people } from '../patients/schema';

export const ATTACHMENT_STATUSES = ['pending', 'uploaded', 'rejected', 'linked'] as const;
export type AttachmentStatus = (typeof ATTACHMENT_STATUSES)[number];

/**
 * Message attachments from upload ticket to message (spec part 1 §3 Uploaded attachment, Attachment
 * upload ticket). A row is born `pending` with its ticket; the upload makes it `uploaded` (or
 * `rejected` when the bytes are not an allowed type); sending the message makes it `linked`. The
 * bytes live in the storage adapter under `key`, which is random and never contains user input.
 */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull().unique(),
    uploaderPersonId: uuid('uploader_person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ATTACHMENT_STATUSES }).notNull().default('pending'),
    /** as the patient named it; set when linked */
    fileName: text('file_name'),
    /** the browser's Content-Type at upload, replaced by the message's (checked) type when linked */
    declaredContentType: text('declared_content_type'),
    /** what the bytes are (file-type's answer, or text/plain for valid UTF-8 text) */
    detectedContentType: text('detected_content_type'),
    sizeBytes: integer('size_bytes'),
    /** messaging's messages.id; no foreign key, that table belongs to the messaging module */
    messageId: integer('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    /** the upload ticket's expiry: no upload is accepted after it */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('message_attachments_message_idx').on(t.messageId),
    index('message_attachments_uploader_idx').on(t.uploaderPersonId, t.createdAt),
    check('message_attachments_status_check', sql`${t.status} in ('pending', 'uploaded', 'rejected', 'linked')`),
    check('message_attachments_linked_check', sql`(${t.status} = 'linked') = (${t.messageId} is not null)`),
  ],
);

/**
 * The HMAC secret of the local storage's signed URLs. Every server instance must sign and verify
 * with the same secret and they share nothing but the database, so the first one to need it
 * inserts a random one and all of them read it back (unless ATTACHMENT_URL_SECRET is set).
 */
export const attachmentUrlSecrets = pgTable('attachment_url_secrets', {
  id: text('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
