CREATE TABLE "sandbox_webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"merchant_payment_id" text NOT NULL,
	"state" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at_ms" bigint,
	"history" jsonb NOT NULL,
	"created_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_webhook_secrets" (
	"merchant_id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_webhook_deliveries" ADD CONSTRAINT "sandbox_webhook_deliveries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_webhook_secrets" ADD CONSTRAINT "sandbox_webhook_secrets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_webhook_deliveries_merchant_ix" ON "sandbox_webhook_deliveries" USING btree ("merchant_id","created_at_ms");--> statement-breakpoint
CREATE INDEX "sandbox_webhook_deliveries_due_ix" ON "sandbox_webhook_deliveries" USING btree ("status","next_attempt_at_ms");