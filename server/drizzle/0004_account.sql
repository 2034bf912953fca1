CREATE TABLE "account_profiles" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"street_address" text,
	"postal_code" text,
	"post_office" text,
	"language" text,
	"allows_common_registry" boolean DEFAULT false NOT NULL,
	"allows_viewing_occupational_information" boolean DEFAULT false NOT NULL,
	"allows_marketing_mail" boolean DEFAULT false NOT NULL,
	"allows_treatment_instructions_mail" boolean DEFAULT false NOT NULL,
	"allows_booking_sms" boolean DEFAULT false NOT NULL,
	"consent_form_updated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kela_cards" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"front_key" text NOT NULL,
	"front_mime_type" text NOT NULL,
	"back_key" text NOT NULL,
	"back_mime_type" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kela_uploads" (
	"token" text PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"front_key" text NOT NULL,
	"front_mime_type" text NOT NULL,
	"back_key" text NOT NULL,
	"back_mime_type" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occupational_team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"role" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"substitute_name" text,
	"substitute_from" date,
	"substitute_to" date
);
--> statement-breakpoint
CREATE TABLE "occupational_teams" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"employer_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_guardians" (
	"child_person_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email_address" text NOT NULL,
	"same_address_as_child" boolean NOT NULL,
	"street_address" text,
	"zip_code" text,
	"post_office" text,
	CONSTRAINT "registration_guardians_child_person_id_position_pk" PRIMARY KEY("child_person_id","position")
);
--> statement-breakpoint
CREATE TABLE "sms_login_codes" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"salt" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_profiles" ADD CONSTRAINT "account_profiles_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kela_cards" ADD CONSTRAINT "kela_cards_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kela_uploads" ADD CONSTRAINT "kela_uploads_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupational_team_members" ADD CONSTRAINT "occupational_team_members_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupational_teams" ADD CONSTRAINT "occupational_teams_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_guardians" ADD CONSTRAINT "registration_guardians_child_person_id_people_id_fk" FOREIGN KEY ("child_person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_login_codes" ADD CONSTRAINT "sms_login_codes_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kela_uploads_person_idx" ON "kela_uploads" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "occupational_team_members_person_idx" ON "occupational_team_members" USING btree ("person_id","role","position");