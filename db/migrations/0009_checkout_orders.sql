CREATE TABLE "checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_salt" text,
	"session_id" text NOT NULL,
	"idempotency_key_hash" text,
	"payment_method" text NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	"payment_id" text,
	"payment_url" text,
	"transaction_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "checkouts_transactionId_unique" UNIQUE("transaction_id"),
	CONSTRAINT "checkouts_payment_method_known" CHECK ("checkouts"."payment_method" in ('card', 'whatsapp'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "merchant_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_transaction_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_idempotency_idx" ON "checkouts" USING btree ("session_id","idempotency_key_hash") WHERE "checkouts"."idempotency_key_hash" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "orders_merchant_created_idx" ON "orders" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_known" CHECK ("orders"."payment_method" is null or "orders"."payment_method" in ('card', 'whatsapp'));--> statement-breakpoint
-- Orders written before checkouts existed (demo data): their merchant is their first line's.
UPDATE "orders" SET "merchant_id" = (
	SELECT "products"."merchant_id" FROM "order_items"
	JOIN "products" ON "products"."id" = "order_items"."product_id"
	WHERE "order_items"."order_id" = "orders"."id"
	ORDER BY "order_items"."id" LIMIT 1
) WHERE "merchant_id" IS NULL;
