CREATE TABLE "brands" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_nodes" (
	"gender" text NOT NULL,
	"category" text NOT NULL,
	"sub_category" text DEFAULT '' NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	CONSTRAINT "category_nodes_gender_category_sub_category_type_pk" PRIMARY KEY("gender","category","sub_category","type")
);
