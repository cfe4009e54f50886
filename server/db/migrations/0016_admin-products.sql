ALTER TABLE "product_variants" ADD COLUMN "sku" text;--> statement-breakpoint
-- Existing variants get a SKU from their product's id, colour and size (`4F2A9C1E0B7D-SKY-BLUE-M`, as
-- defaultSku in common/schemas/admin-products.ts makes them); the rare names that come out the same
-- (colours that differ only in punctuation, a clash of id prefixes) take a -2, -3… suffix.
WITH "base" AS (
  SELECT "product_id", "color", "size", "position",
         left(upper(left(replace("product_id"::text, '-', ''), 12)) || '-' ||
              coalesce(nullif(trim(both '-' from regexp_replace(upper("color"), '[^A-Z0-9]+', '-', 'g')), ''), 'X') || '-' ||
              coalesce(nullif(trim(both '-' from regexp_replace(upper("size"), '[^A-Z0-9]+', '-', 'g')), ''), 'X'),
              60) AS "sku"
  FROM "product_variants"
), "numbered" AS (
  SELECT "product_id", "color", "size", "sku",
         row_number() OVER (PARTITION BY "sku" ORDER BY "product_id", "position", "color", "size") AS "n"
  FROM "base"
)
UPDATE "product_variants" AS v
SET "sku" = "numbered"."sku" || CASE WHEN "numbered"."n" > 1 THEN '-' || "numbered"."n" ELSE '' END
FROM "numbered"
WHERE v."product_id" = "numbered"."product_id" AND v."color" = "numbered"."color" AND v."size" = "numbered"."size";--> statement-breakpoint
ALTER TABLE "product_variants" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "image_alts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Every product the shop had was on sale, so it stays on sale.
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "products" SET "updated_at" = "created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "products_updated_at" ON "products" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_alts_per_image" CHECK (cardinality("products"."image_alts") <= cardinality("products"."images"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status" CHECK ("products"."status" in ('draft', 'active', 'archived'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn" CHECK ("products"."hsn" ~ '^[0-9]{4}([0-9]{2})?$');
