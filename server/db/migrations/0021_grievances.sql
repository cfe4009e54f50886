CREATE TABLE "grievance_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grievance_id" uuid NOT NULL,
	"message" text NOT NULL,
	"author_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_number" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"order_number" text,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reply_due_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	CONSTRAINT "grievances_ticket_number_unique" UNIQUE("ticket_number"),
	CONSTRAINT "grievances_status_check" CHECK ("grievances"."status" in ('Open', 'Answered', 'Resolved'))
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_officer_name" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_officer_designation" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_officer_email" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_officer_phone" text;--> statement-breakpoint
ALTER TABLE "grievance_replies" ADD CONSTRAINT "grievance_replies_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grievance_replies_grievance" ON "grievance_replies" USING btree ("grievance_id","created_at");--> statement-breakpoint
CREATE INDEX "grievances_status_due" ON "grievances" USING btree ("status","reply_due_at");--> statement-breakpoint
CREATE INDEX "grievances_due" ON "grievances" USING btree ("reply_due_at");