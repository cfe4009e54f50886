ALTER TABLE "shipments" ADD COLUMN "provider_order_id" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "courier_cancelled_at" timestamp with time zone;