CREATE TABLE "miniapp_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "miniapp_apps" (
	"id" text PRIMARY KEY NOT NULL,
	"edit_token_hash" text NOT NULL,
	"files" jsonb NOT NULL,
	"total_bytes" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"owner_user_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
