CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_person_id" uuid NOT NULL,
	"subject_person_id" uuid NOT NULL,
	"action" text NOT NULL,
	"details" jsonb,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "appointment_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointment_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" text NOT NULL,
	"practitioner_id" integer NOT NULL,
	"specialty_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"is_remote" boolean DEFAULT false NOT NULL,
	"reserved_by_person_id" uuid
);
--> statement-breakpoint
CREATE TABLE "clinics" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"municipality" text NOT NULL,
	"street" text,
	"postal_code" text,
	"post_office" text,
	"is_remote" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practitioner_specialties" (
	"practitioner_id" integer NOT NULL,
	"specialty_id" text NOT NULL,
	CONSTRAINT "practitioner_specialties_practitioner_id_specialty_id_pk" PRIMARY KEY("practitioner_id","specialty_id")
);
--> statement-breakpoint
CREATE TABLE "practitioners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practitioners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" text NOT NULL,
	"profession" text NOT NULL,
	"profile_picture_url" text
);
--> statement-breakpoint
CREATE TABLE "specialties" (
	"id" text PRIMARY KEY NOT NULL,
	"name_fi" text NOT NULL,
	"name_sv" text NOT NULL,
	"name_en" text NOT NULL,
	"is_vaccination" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_broker_models" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "identity_broker_models_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "identity_login_flows" (
	"state" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"browser_binding" text NOT NULL,
	"lang" text NOT NULL,
	"next_path" text,
	"acr_value" text NOT NULL,
	"acting" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "identity_rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"salt" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardianships" (
	"guardian_person_id" uuid NOT NULL,
	"child_person_id" uuid NOT NULL,
	"guardian_type" text NOT NULL,
	CONSTRAINT "guardianships_guardian_person_id_child_person_id_pk" PRIMARY KEY("guardian_person_id","child_person_id")
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_code" text NOT NULL,
	"given_name" text DEFAULT '' NOT NULL,
	"family_name" text DEFAULT '' NOT NULL,
	"registered" boolean DEFAULT false NOT NULL,
	"occupational_healthcare" boolean DEFAULT false NOT NULL,
	"patient_data_consent" text DEFAULT 'missing' NOT NULL,
	"credit_worthy" boolean DEFAULT true NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phone_number" text,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "people_identity_code_unique" UNIQUE("identity_code")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"issued_date" date NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"practitioner_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imaging_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "imaging_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" uuid NOT NULL,
	"imaging_date" date NOT NULL,
	"examination_name" text,
	"statement_text" text
);
--> statement-breakpoint
CREATE TABLE "laboratory_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "laboratory_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" uuid NOT NULL,
	"sample_date" date NOT NULL,
	"kind" text NOT NULL,
	"package_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"display_name" text NOT NULL,
	"is_ready" boolean NOT NULL,
	"result_type" text,
	"result_text" text,
	"prefix" text,
	"result_number" double precision,
	"is_within_reference_range" boolean,
	"unit" text,
	"reference_min" double precision,
	"reference_max" double precision,
	"description" text,
	"additional_result" text
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prescriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" uuid NOT NULL,
	"medicine_name" text NOT NULL,
	"strength" text NOT NULL,
	"issued_date" date NOT NULL,
	"is_renewable" boolean NOT NULL,
	"medicine_type" text NOT NULL,
	"package_unit" text NOT NULL,
	"package_size" integer NOT NULL,
	"package_count" integer NOT NULL,
	"treatment_length" integer,
	"treatment_length_unit" text,
	"total_amount" text NOT NULL,
	"dosage_guide" text NOT NULL,
	"usage_guide" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questionnaire_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" uuid NOT NULL,
	"form_id" text NOT NULL,
	"title" text NOT NULL,
	"form" jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answers" jsonb
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referrals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"creation_date" date NOT NULL,
	"valid_until" date NOT NULL,
	"practitioner_id" integer NOT NULL,
	"patient_instructions_url" text
);
--> statement-breakpoint
CREATE TABLE "vaccinations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vaccinations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" uuid NOT NULL,
	"vaccination_date" date NOT NULL,
	"vaccine_name" text NOT NULL,
	"dose" text,
	"specialty_id" text,
	"clinic_id" text,
	"practitioner_id" integer,
	"next_dose_date" date
);
--> statement-breakpoint
CREATE TABLE "visit_diagnoses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_diagnoses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"visit_id" integer NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_texts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_texts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"visit_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" uuid NOT NULL,
	"date_time" timestamp with time zone NOT NULL,
	"practitioner_id" integer NOT NULL,
	"specialty_id" text NOT NULL,
	"clinic_id" text,
	"visit_type" text NOT NULL,
	"visit_kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"csrf_token" text NOT NULL,
	"acting_for_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_marker" (
	"id" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_reserved_by_person_id_people_id_fk" FOREIGN KEY ("reserved_by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_specialties" ADD CONSTRAINT "practitioner_specialties_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_specialties" ADD CONSTRAINT "practitioner_specialties_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardianships" ADD CONSTRAINT "guardianships_guardian_person_id_people_id_fk" FOREIGN KEY ("guardian_person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardianships" ADD CONSTRAINT "guardianships_child_person_id_people_id_fk" FOREIGN KEY ("child_person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_results" ADD CONSTRAINT "imaging_results_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laboratory_results" ADD CONSTRAINT "laboratory_results_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laboratory_results" ADD CONSTRAINT "laboratory_results_package_id_laboratory_results_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."laboratory_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_invitations" ADD CONSTRAINT "questionnaire_invitations_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_diagnoses" ADD CONSTRAINT "visit_diagnoses_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_texts" ADD CONSTRAINT "visit_texts_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_for_person_id_people_id_fk" FOREIGN KEY ("acting_for_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_person_id","at");--> statement-breakpoint
CREATE INDEX "appointment_slots_search_idx" ON "appointment_slots" USING btree ("specialty_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointment_slots_clinic_idx" ON "appointment_slots" USING btree ("clinic_id","starts_at");--> statement-breakpoint
CREATE INDEX "identity_broker_models_grant_idx" ON "identity_broker_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "identity_broker_models_uid_idx" ON "identity_broker_models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "identity_broker_models_user_code_idx" ON "identity_broker_models" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "identity_broker_models_expires_idx" ON "identity_broker_models" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_login_flows_expires_idx" ON "identity_login_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_rate_limits_window_idx" ON "identity_rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone_number","sent_at");--> statement-breakpoint
CREATE INDEX "certificates_person_idx" ON "certificates" USING btree ("person_id","issued_date");--> statement-breakpoint
CREATE INDEX "imaging_results_person_idx" ON "imaging_results" USING btree ("person_id","imaging_date");--> statement-breakpoint
CREATE INDEX "laboratory_results_person_idx" ON "laboratory_results" USING btree ("person_id","sample_date");--> statement-breakpoint
CREATE INDEX "prescriptions_person_idx" ON "prescriptions" USING btree ("person_id","issued_date");--> statement-breakpoint
CREATE INDEX "questionnaire_invitations_person_idx" ON "questionnaire_invitations" USING btree ("person_id","sent_at");--> statement-breakpoint
CREATE INDEX "referrals_person_idx" ON "referrals" USING btree ("person_id","type");--> statement-breakpoint
CREATE INDEX "vaccinations_person_idx" ON "vaccinations" USING btree ("person_id","vaccination_date");--> statement-breakpoint
CREATE INDEX "visits_person_idx" ON "visits" USING btree ("person_id","date_time");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");