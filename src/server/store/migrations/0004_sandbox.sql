CREATE TABLE "sandbox_auth_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"api_key" text NOT NULL,
	"kind" text NOT NULL,
	"scopes" text[] NOT NULL,
	"nonce" text NOT NULL,
	"redirect_url" text NOT NULL,
	"reference_id" text NOT NULL,
	"device_id" text,
	"status" text NOT NULL,
	"user_authorization_id" text,
	"created_at_ms" bigint NOT NULL,
	"expires_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_cashback_reversals" (
	"merchant_id" text NOT NULL,
	"merchant_cashback_reversal_id" text NOT NULL,
	"merchant_cashback_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"requested_at" bigint NOT NULL,
	"accepted_at_ms" bigint NOT NULL,
	CONSTRAINT "sandbox_cashback_reversals_merchant_id_merchant_cashback_reversal_id_pk" PRIMARY KEY("merchant_id","merchant_cashback_reversal_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_cashbacks" (
	"merchant_id" text NOT NULL,
	"merchant_cashback_id" text NOT NULL,
	"cashback_id" text NOT NULL,
	"user_authorization_id" text NOT NULL,
	"test_user_id" text NOT NULL,
	"amount" integer NOT NULL,
	"reversed_amount" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"requested_at" bigint NOT NULL,
	"accepted_at_ms" bigint NOT NULL,
	CONSTRAINT "sandbox_cashbacks_merchant_id_merchant_cashback_id_pk" PRIMARY KEY("merchant_id","merchant_cashback_id"),
	CONSTRAINT "sandbox_cashbacks_reversed_ck" CHECK ("sandbox_cashbacks"."reversed_amount" >= 0 and "sandbox_cashbacks"."reversed_amount" <= "sandbox_cashbacks"."amount")
);
--> statement-breakpoint
CREATE TABLE "sandbox_nonces" (
	"api_key" text NOT NULL,
	"nonce" text NOT NULL,
	"seen_at_ms" bigint NOT NULL,
	CONSTRAINT "sandbox_nonces_api_key_nonce_pk" PRIMARY KEY("api_key","nonce")
);
--> statement-breakpoint
CREATE TABLE "sandbox_operations" (
	"merchant_id" text NOT NULL,
	"kind" text NOT NULL,
	"operation_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at_ms" bigint NOT NULL,
	CONSTRAINT "sandbox_operations_merchant_id_kind_operation_id_pk" PRIMARY KEY("merchant_id","kind","operation_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"merchant_payment_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"is_authorization" boolean DEFAULT false NOT NULL,
	"amount" integer NOT NULL,
	"held_amount" integer DEFAULT 0 NOT NULL,
	"test_user_id" text,
	"user_authorization_id" text,
	"code_id" text,
	"code_expires_at_ms" bigint,
	"code_deleted" boolean DEFAULT false NOT NULL,
	"requested_at" bigint,
	"accepted_at_ms" bigint,
	"expires_at_ms" bigint,
	"canceled_at_ms" bigint,
	"reauth_count" integer DEFAULT 0 NOT NULL,
	"order" jsonb NOT NULL,
	"captures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revert" jsonb,
	"created_at_ms" bigint NOT NULL,
	CONSTRAINT "sandbox_payments_amount_ck" CHECK ("sandbox_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"merchant_id" text NOT NULL,
	"merchant_refund_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"requested_at" bigint NOT NULL,
	"accepted_at_ms" bigint NOT NULL,
	CONSTRAINT "sandbox_refunds_merchant_id_merchant_refund_id_pk" PRIMARY KEY("merchant_id","merchant_refund_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_test_users" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"username" text NOT NULL,
	"balance" integer NOT NULL,
	"last_top_up_month" text,
	"created_at_ms" bigint NOT NULL,
	CONSTRAINT "sandbox_test_users_balance_ck" CHECK ("sandbox_test_users"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_user_authorizations" (
	"user_authorization_id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"test_user_id" text NOT NULL,
	"profile_identifier" text NOT NULL,
	"scopes" text[] NOT NULL,
	"reference_ids" text[] NOT NULL,
	"status" text NOT NULL,
	"issued_at_ms" bigint NOT NULL,
	"expire_at_ms" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_auth_sessions" ADD CONSTRAINT "sandbox_auth_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_cashback_reversals" ADD CONSTRAINT "sandbox_cashback_reversals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_cashbacks" ADD CONSTRAINT "sandbox_cashbacks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_operations" ADD CONSTRAINT "sandbox_operations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_test_user_id_sandbox_test_users_id_fk" FOREIGN KEY ("test_user_id") REFERENCES "public"."sandbox_test_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_payment_id_sandbox_payments_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_payments"("payment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_test_users" ADD CONSTRAINT "sandbox_test_users_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_user_authorizations" ADD CONSTRAINT "sandbox_user_authorizations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_user_authorizations" ADD CONSTRAINT "sandbox_user_authorizations_test_user_id_sandbox_test_users_id_fk" FOREIGN KEY ("test_user_id") REFERENCES "public"."sandbox_test_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_nonces_seen_ix" ON "sandbox_nonces" USING btree ("seen_at_ms");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_merchant_payment_uq" ON "sandbox_payments" USING btree ("merchant_id","merchant_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_code_uq" ON "sandbox_payments" USING btree ("code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_one_per_payment_uq" ON "sandbox_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_test_users_merchant_username_uq" ON "sandbox_test_users" USING btree ("merchant_id","username");--> statement-breakpoint
CREATE INDEX "sandbox_user_authorizations_merchant_ix" ON "sandbox_user_authorizations" USING btree ("merchant_id","test_user_id");