ALTER TABLE "order_refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "claimed_at" timestamp with time zone;