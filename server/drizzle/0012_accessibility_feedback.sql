CREATE TABLE "accessibility_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"brand" text NOT NULL,
	"lang" text NOT NULL,
	"page" text,
	"description" text NOT NULL,
	"email" text,
	"signed_in" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "accessibility_feedback_created_idx" ON "accessibility_feedback" USING btree ("created_at");