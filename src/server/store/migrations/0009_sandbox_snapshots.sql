CREATE TABLE "sandbox_snapshots" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"label" text,
	"created_at_ms" bigint NOT NULL,
	"size_bytes" integer NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_snapshots" ADD CONSTRAINT "sandbox_snapshots_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_snapshots_merchant_ix" ON "sandbox_snapshots" USING btree ("merchant_id","created_at_ms");