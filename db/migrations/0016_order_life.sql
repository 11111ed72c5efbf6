CREATE TABLE "checkout_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"reference" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_payouts_amount_positive" CHECK ("merchant_payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"fulfillment_status" text,
	"status" text,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_events_actor_known" CHECK ("order_status_events"."actor" in ('merchant', 'admin', 'shopper', 'payment'))
);
--> statement-breakpoint
ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_payment_method_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_known";--> statement-breakpoint
ALTER TABLE "outbox_emails" DROP CONSTRAINT "outbox_emails_status_known";--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "delivery_fee" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "free_delivery_from" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "payment_methods" text[] DEFAULT '{whatsapp,card}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "account_holder" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "account_number" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "account_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfillment" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfillment_status" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_department" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_municipality" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal" numeric(10, 2);--> statement-breakpoint
-- Orders placed before issue 25 had no fee: their subtotal is their total.
UPDATE "orders" SET "subtotal" = "total_amount";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Orders already paid or cancelled before the steps existed keep their status; a paid
-- order's time is its first timeline entry.
INSERT INTO "order_status_events" ("order_id", "status", "actor", "created_at")
  SELECT "id", 'paid', 'payment', coalesce("paid_at", "updated_at") FROM "orders" WHERE "status" = 'paid';--> statement-breakpoint
ALTER TABLE "checkout_tokens" ADD CONSTRAINT "checkout_tokens_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD CONSTRAINT "merchant_payouts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_tokens_checkout_idx" ON "checkout_tokens" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "merchant_payouts_merchant_idx" ON "merchant_payouts" USING btree ("merchant_id","paid_at");--> statement-breakpoint
CREATE INDEX "order_status_events_order_idx" ON "order_status_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_merchant_ledger_idx" ON "orders" USING btree ("merchant_id","delivered_at") WHERE payment_method = 'card' and paid_at is not null and delivered_at is not null;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_payment_methods_known" CHECK (cardinality("merchants"."payment_methods") > 0 and "merchants"."payment_methods" <@ array['cash', 'transfer', 'card', 'whatsapp']);--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_fees_not_negative" CHECK (coalesce("merchants"."delivery_fee", 0) >= 0 and coalesce("merchants"."free_delivery_from", 0) >= 0);--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_payment_method_known" CHECK ("checkouts"."payment_method" in ('card', 'cash', 'transfer', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfillment_known" CHECK ("orders"."fulfillment" is null or "orders"."fulfillment" in ('delivery', 'pickup', 'arrange'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfillment_status_known" CHECK ("orders"."fulfillment_status" in ('received', 'preparing', 'ready', 'on_the_way', 'delivered'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_status_known" CHECK ("orders"."refund_status" is null or "orders"."refund_status" in ('due', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_known" CHECK ("orders"."payment_method" is null or "orders"."payment_method" in ('card', 'cash', 'transfer', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_status_known" CHECK ("outbox_emails"."status" in ('pending', 'sending', 'sent', 'failed', 'logged', 'skipped'));