CREATE TABLE "appointments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100001 CACHE 1),
	"slot_id" integer NOT NULL,
	"person_id" uuid NOT NULL,
	"reserved_by_person_id" uuid,
	"healthcare_type" text NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"cancelled_by" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"link_token" text NOT NULL,
	"description" text,
	"arrival_reason" text,
	"email" text,
	"phone" text,
	"insurance_company" text,
	"reimbursement" text,
	"insurance_concept_code" text,
	"dcp_content_hash" text,
	"reserved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_in_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"moved_to_appointment_id" integer,
	CONSTRAINT "appointments_link_token_unique" UNIQUE("link_token")
);
--> statement-breakpoint
CREATE TABLE "occupational_contracts" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"employer_name" text NOT NULL,
	"web_reservation" boolean DEFAULT true NOT NULL,
	"contract_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_concepts" (
	"person_id" uuid NOT NULL,
	"code" text NOT NULL,
	"direct_reimbursement_allowed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_concepts_person_id_code_pk" PRIMARY KEY("person_id","code")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"appointment_id" integer NOT NULL,
	"person_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_appointment_id_unique" UNIQUE("appointment_id")
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entry_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"taken_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_offers_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "appointment_kinds" (
	"id" text PRIMARY KEY NOT NULL,
	"description" jsonb NOT NULL,
	"location_type" text NOT NULL,
	"reservation_info" jsonb
);
--> statement-breakpoint
-- the default kind of every existing slot, so the foreign key below holds on a database seeded before this migration
INSERT INTO "appointment_kinds" ("id", "description", "location_type") VALUES ('VAST', '{"fi":"Vastaanotto","sv":"Mottagning","en":"Appointment"}', 'PhysicalLocation');
--> statement-breakpoint
ALTER TABLE "appointment_slots" DROP CONSTRAINT "appointment_slots_reserved_by_person_id_people_id_fk";
--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD COLUMN "kind_id" text DEFAULT 'VAST' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD COLUMN "requires_strong_auth" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD COLUMN "is_specific_time" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD COLUMN "room_location" text;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD COLUMN "withdrawn" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "arrival_info" jsonb;--> statement-breakpoint
ALTER TABLE "practitioners" ADD COLUMN "is_resource" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practitioners" ADD COLUMN "rate" jsonb;--> statement-breakpoint
ALTER TABLE "practitioners" ADD COLUMN "additional_fees" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "practitioners" ADD COLUMN "reservation_info" jsonb;--> statement-breakpoint
ALTER TABLE "specialties" ADD COLUMN "reservation_info" jsonb;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_slot_id_appointment_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."appointment_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_reserved_by_person_id_people_id_fk" FOREIGN KEY ("reserved_by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupational_contracts" ADD CONSTRAINT "occupational_contracts_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_concepts" ADD CONSTRAINT "patient_concepts_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_slot_id_appointment_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."appointment_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_active_slot_idx" ON "appointments" USING btree ("slot_id") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "appointments_person_idx" ON "appointments" USING btree ("person_id","status");--> statement-breakpoint
CREATE INDEX "waitlist_entries_person_idx" ON "waitlist_entries" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_entry_slot_idx" ON "waitlist_offers" USING btree ("entry_id","slot_id");--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_kind_id_appointment_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."appointment_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_slots_practitioner_idx" ON "appointment_slots" USING btree ("practitioner_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointment_slots_starts_idx" ON "appointment_slots" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "appointment_slots" DROP COLUMN "reserved_by_person_id";