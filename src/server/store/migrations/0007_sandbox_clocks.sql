CREATE TABLE "sandbox_clocks" (
	"merchant_id" text PRIMARY KEY NOT NULL,
	"offset_ms" bigint NOT NULL,
	"updated_at_ms" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_clocks" ADD CONSTRAINT "sandbox_clocks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;