CREATE TABLE "merchant_credentials" (
	"api_key" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"api_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT 'Merchant Name' NOT NULL,
	"logo_url" text,
	"owner_user_id" text,
	"products" text[] DEFAULT '{}'::text[] NOT NULL,
	"mode" text DEFAULT 'test' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_mode_ck" CHECK ("merchants"."mode" in ('test', 'live'))
);
--> statement-breakpoint
ALTER TABLE "merchant_credentials" ADD CONSTRAINT "merchant_credentials_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_credentials_merchant_ix" ON "merchant_credentials" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "merchants_owner_ix" ON "merchants" USING btree ("owner_user_id");