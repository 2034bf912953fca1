CREATE TABLE "attachment_url_secrets" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"uploader_person_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_name" text,
	"declared_content_type" text,
	"detected_content_type" text,
	"size_bytes" integer,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_attachments_key_unique" UNIQUE("key"),
	CONSTRAINT "message_attachments_status_check" CHECK ("message_attachments"."status" in ('pending', 'uploaded', 'rejected', 'linked')),
	CONSTRAINT "message_attachments_linked_check" CHECK (("message_attachments"."status" = 'linked') = ("message_attachments"."message_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "messaging_absence_substitutes" (
	"absence_id" integer NOT NULL,
	"substitute_user_id" integer NOT NULL,
	CONSTRAINT "messaging_absence_substitutes_absence_id_substitute_user_id_pk" PRIMARY KEY("absence_id","substitute_user_id")
);
--> statement-breakpoint
CREATE TABLE "messaging_absences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messaging_absences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"absentee_user_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"internal_message" text
);
--> statement-breakpoint
CREATE TABLE "messaging_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messaging_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"thread_id" integer NOT NULL,
	"assignee_user_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_message_questionnaires" (
	"message_id" integer NOT NULL,
	"invitation_id" integer NOT NULL,
	CONSTRAINT "messaging_message_questionnaires_message_id_invitation_id_pk" PRIMARY KEY("message_id","invitation_id")
);
--> statement-breakpoint
CREATE TABLE "messaging_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messaging_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"thread_id" integer NOT NULL,
	"author_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" integer,
	"deleted_reason" text
);
--> statement-breakpoint
CREATE TABLE "messaging_read_status" (
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messaging_read_status_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "messaging_thread_participants" (
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_thread_participants_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "messaging_threads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messaging_threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"thread_type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"timestamp_for_professionals" timestamp with time zone,
	"customer_user_id" integer NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(last_message_at, created_at)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messaging_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_type" text NOT NULL,
	"person_id" uuid,
	"practitioner_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" text,
	"email" text,
	"company_name" text,
	"role" text,
	"is_team_recipient" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_uploader_person_id_people_id_fk" FOREIGN KEY ("uploader_person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_absence_substitutes" ADD CONSTRAINT "messaging_absence_substitutes_absence_id_messaging_absences_id_fk" FOREIGN KEY ("absence_id") REFERENCES "public"."messaging_absences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_absence_substitutes" ADD CONSTRAINT "messaging_absence_substitutes_substitute_user_id_messaging_users_id_fk" FOREIGN KEY ("substitute_user_id") REFERENCES "public"."messaging_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_absences" ADD CONSTRAINT "messaging_absences_absentee_user_id_messaging_users_id_fk" FOREIGN KEY ("absentee_user_id") REFERENCES "public"."messaging_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_assignments" ADD CONSTRAINT "messaging_assignments_thread_id_messaging_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."messaging_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_assignments" ADD CONSTRAINT "messaging_assignments_assignee_user_id_messaging_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."messaging_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_message_questionnaires" ADD CONSTRAINT "messaging_message_questionnaires_message_id_messaging_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messaging_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_message_questionnaires" ADD CONSTRAINT "messaging_message_questionnaires_invitation_id_questionnaire_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."questionnaire_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_messages" ADD CONSTRAINT "messaging_messages_thread_id_messaging_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."messaging_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_messages" ADD CONSTRAINT "messaging_messages_author_user_id_messaging_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."messaging_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_messages" ADD CONSTRAINT "messaging_messages_deleted_by_user_id_messaging_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."messaging_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_read_status" ADD CONSTRAINT "messaging_read_status_thread_id_messaging_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."messaging_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_read_status" ADD CONSTRAINT "messaging_read_status_user_id_messaging_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."messaging_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_thread_participants" ADD CONSTRAINT "messaging_thread_participants_thread_id_messaging_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."messaging_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_thread_participants" ADD CONSTRAINT "messaging_thread_participants_user_id_messaging_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."messaging_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_threads" ADD CONSTRAINT "messaging_threads_customer_user_id_messaging_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."messaging_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_users" ADD CONSTRAINT "messaging_users_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_users" ADD CONSTRAINT "messaging_users_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_attachments_message_idx" ON "message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_attachments_uploader_idx" ON "message_attachments" USING btree ("uploader_person_id","created_at");--> statement-breakpoint
CREATE INDEX "messaging_absences_absentee_idx" ON "messaging_absences" USING btree ("absentee_user_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_assignments_current_idx" ON "messaging_assignments" USING btree ("thread_id") WHERE "messaging_assignments"."is_current";--> statement-breakpoint
CREATE INDEX "messaging_message_questionnaires_invitation_idx" ON "messaging_message_questionnaires" USING btree ("invitation_id");--> statement-breakpoint
CREATE INDEX "messaging_messages_thread_idx" ON "messaging_messages" USING btree ("thread_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messaging_thread_participants_user_idx" ON "messaging_thread_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "messaging_threads_customer_activity_idx" ON "messaging_threads" USING btree ("customer_user_id","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_users_person_type_idx" ON "messaging_users" USING btree ("person_id","user_type") WHERE "messaging_users"."person_id" is not null;--> statement-breakpoint
CREATE INDEX "messaging_users_team_idx" ON "messaging_users" USING btree ("is_team_recipient") WHERE "messaging_users"."is_team_recipient";