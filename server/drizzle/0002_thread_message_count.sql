ALTER TABLE "messaging_threads" ADD COLUMN "message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Threads written before this migration: count what they have.
UPDATE "messaging_threads" SET "message_count" = (SELECT count(*) FROM "messaging_messages" WHERE "messaging_messages"."thread_id" = "messaging_threads"."id");
