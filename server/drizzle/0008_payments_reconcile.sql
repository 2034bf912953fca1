CREATE TABLE "test_provider_callbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_provider_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" text NOT NULL,
	"url" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_provider_payments" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"stamp" uuid NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"final_status" text,
	"settles_at" timestamp with time zone,
	"failure_reason" text,
	"provider" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "status_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "status_at" = coalesce("settled_at", "created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reconcile_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_reconcile_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_provider_callbacks" ADD CONSTRAINT "test_provider_callbacks_transaction_id_test_provider_payments_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."test_provider_payments"("transaction_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_provider_callbacks_due_idx" ON "test_provider_callbacks" USING btree ("due_at") WHERE sent_at is null;--> statement-breakpoint
CREATE INDEX "payments_unsettled_idx" ON "payments" USING btree ("created_at") WHERE status in ('new', 'pending', 'delayed');--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("settled_at") WHERE refund_due;