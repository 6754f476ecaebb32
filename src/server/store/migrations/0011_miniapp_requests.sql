CREATE TABLE "miniapp_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"service" text NOT NULL,
	"features" text[] NOT NULL,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "miniapp_requests_created_idx" ON "miniapp_requests" USING btree ("created_at");