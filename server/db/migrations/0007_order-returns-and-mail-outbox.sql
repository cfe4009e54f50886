CREATE TABLE "order_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"line_positions" integer[] NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_returns_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "order_returns_status_check" CHECK ("order_returns"."status" in ('Requested', 'Approved', 'Rejected', 'Returned')),
	CONSTRAINT "order_returns_lines_not_empty" CHECK (cardinality("order_returns"."line_positions") > 0)
);
--> statement-breakpoint
ALTER TABLE "order_history" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "order_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "order_history" ADD COLUMN "mail_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_mail_due" ON "order_history" USING btree ("order_id","seq") WHERE "order_history"."mail_due_at" is not null;