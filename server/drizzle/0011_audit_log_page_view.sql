ALTER TABLE "audit_log" ADD COLUMN "correlation_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "page" text;