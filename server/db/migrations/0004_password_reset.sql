CREATE TABLE "password_reset_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_key" text NOT NULL,
	"address_key" text NOT NULL,
	"user_id" uuid,
	"code_hash" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"session_id" text,
	"grant_expires_at" timestamp with time zone,
	CONSTRAINT "password_reset_requests_status_check" CHECK ("password_reset_requests"."status" in ('active', 'verified', 'used', 'burned', 'voided', 'no-account'))
);
--> statement-breakpoint
CREATE TABLE "phone_verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "phone_verification_codes_status_check" CHECK ("phone_verification_codes"."status" in ('active', 'used', 'burned', 'voided'))
);
--> statement-breakpoint
CREATE INDEX "password_reset_requests_email" ON "password_reset_requests" USING btree ("email_key","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_requests_address" ON "password_reset_requests" USING btree ("address_key","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_requests_created_at" ON "password_reset_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "phone_verification_codes_user" ON "phone_verification_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_verification_codes_created_at" ON "phone_verification_codes" USING btree ("created_at");