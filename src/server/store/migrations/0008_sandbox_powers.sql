CREATE TABLE "sandbox_request_log" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"api_key" text NOT NULL,
	"at_ms" bigint NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"code" text,
	"code_id" text,
	"latency_ms" integer NOT NULL,
	"request_headers" jsonb NOT NULL,
	"request_body" text NOT NULL,
	"flags" text[] NOT NULL,
	"response_body" text NOT NULL,
	"auth_failure" jsonb
);
--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD COLUMN "qr_auto_cancel" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "auto_cancel_at_ms" bigint;--> statement-breakpoint
ALTER TABLE "sandbox_request_log" ADD CONSTRAINT "sandbox_request_log_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_request_log_merchant_at_ix" ON "sandbox_request_log" USING btree ("merchant_id","at_ms");