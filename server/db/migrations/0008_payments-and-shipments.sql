CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text NOT NULL,
	"payment_id" text,
	"refund_id" text,
	"refund_attempts" integer DEFAULT 0 NOT NULL,
	"refund_claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_provider_order_id_unique" UNIQUE("provider_order_id"),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('created', 'failed', 'paid', 'refund_initiated', 'refunded', 'expired')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_shipment_id" text,
	"awb" text,
	"courier" text,
	"status" text NOT NULL,
	"next_step_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('Processing', 'Shipped', 'Out for Delivery', 'Delivered', 'Failed', 'Cancelled'))
);
--> statement-breakpoint
CREATE TABLE "shipping_webhook_events" (
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"awb" text NOT NULL,
	"courier_status" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shipping_webhook_events_provider_event_key_pk" PRIMARY KEY("provider","event_key")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_webhook_events_received_at" ON "payment_webhook_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_id_unique" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payment_id_unique" ON "payments" USING btree ("provider","payment_id") WHERE "payments"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_refund_due" ON "payments" USING btree ("refund_claimed_at") WHERE "payments"."status" = 'refund_initiated' and "payments"."refund_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_provider_awb" ON "shipments" USING btree ("provider","awb");--> statement-breakpoint
CREATE INDEX "shipments_next_step_at" ON "shipments" USING btree ("next_step_at") WHERE "shipments"."next_step_at" is not null;--> statement-breakpoint
CREATE INDEX "shipping_webhook_events_received_at" ON "shipping_webhook_events" USING btree ("received_at");