CREATE TABLE "sandbox_webhook_chaos" (
	"merchant_id" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"delay_ms" bigint DEFAULT 0 NOT NULL,
	"delivery_id" text,
	"later_id" text,
	"requested_at_ms" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_webhook_chaos" ADD CONSTRAINT "sandbox_webhook_chaos_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;