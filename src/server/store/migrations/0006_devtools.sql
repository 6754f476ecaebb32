CREATE TABLE "merchant_settings" (
	"merchant_id" text PRIMARY KEY NOT NULL,
	"webhook_url" text,
	"redirect_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_top_ups" (
	"merchant_id" text NOT NULL,
	"month" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "merchant_top_ups_merchant_id_month_pk" PRIMARY KEY("merchant_id","month"),
	CONSTRAINT "merchant_top_ups_amount_ck" CHECK ("merchant_top_ups"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "merchant_credentials" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD CONSTRAINT "merchant_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_top_ups" ADD CONSTRAINT "merchant_top_ups_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_owner_mode_uq" ON "merchants" USING btree ("owner_user_id","mode");