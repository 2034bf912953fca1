CREATE TABLE "remote_deploy_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_deploy_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"remote_id" text NOT NULL,
	"label" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "remote_deploy_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "remote_registry_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_registry_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"remote_id" text NOT NULL,
	"action" text NOT NULL,
	"from_version" text,
	"to_version" text,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "remote_release_states" (
	"remote_id" text PRIMARY KEY NOT NULL,
	"active_version" text,
	"previous_version" text,
	"canary_version" text,
	"canary_percent" integer,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_version_counters" (
	"remote_id" text NOT NULL,
	"version" text NOT NULL,
	"served" bigint DEFAULT 0 NOT NULL,
	"client_errors" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "remote_version_counters_remote_id_version_pk" PRIMARY KEY("remote_id","version")
);
--> statement-breakpoint
CREATE TABLE "remote_versions" (
	"remote_id" text NOT NULL,
	"version" text NOT NULL,
	"manifest_url" text NOT NULL,
	"manifest_integrity" text,
	"entry_integrity" text,
	"server_files" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"git_commit" text,
	"deployed_by" text NOT NULL,
	"deployed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_versions_remote_id_version_pk" PRIMARY KEY("remote_id","version")
);
--> statement-breakpoint
CREATE INDEX "remote_registry_audit_remote_idx" ON "remote_registry_audit" USING btree ("remote_id","at");--> statement-breakpoint
CREATE INDEX "remote_versions_deployed_idx" ON "remote_versions" USING btree ("remote_id","deployed_at");