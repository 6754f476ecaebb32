CREATE TABLE "sandbox_force_next" (
	"merchant_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"path" text,
	"requested_at_ms" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_force_next" ADD CONSTRAINT "sandbox_force_next_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;