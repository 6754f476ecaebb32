CREATE TABLE "auth_attempts" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "auth_attempts_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
ALTER TABLE "sandbox_cashback_reversals" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_cashbacks" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_cashbacks" ALTER COLUMN "reversed_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ALTER COLUMN "held_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_test_users" ALTER COLUMN "balance" SET DATA TYPE bigint;