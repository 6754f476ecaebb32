CREATE TABLE "demo_rate_windows" (
	"client" text PRIMARY KEY NOT NULL,
	"window_start_ms" bigint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_webhook_deliveries" ADD COLUMN "forward_claimed_until_ms" bigint;