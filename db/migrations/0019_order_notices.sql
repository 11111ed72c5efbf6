CREATE TABLE "app_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_health" (
	"channel" text PRIMARY KEY NOT NULL,
	"stopped_at" timestamp with time zone NOT NULL,
	"error_code" integer,
	"cause" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"type" text NOT NULL,
	"order_number" text NOT NULL,
	"fulfillment_status" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"audience" text NOT NULL,
	"recipient" text NOT NULL,
	"merchant_id" integer,
	"order_id" integer,
	"template" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_error" text,
	"error_code" integer,
	"provider_message_id" text,
	"replaced_by_email_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"status_at" timestamp with time zone,
	CONSTRAINT "outbox_notices_dedupeKey_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "outbox_notices_channel_known" CHECK ("outbox_notices"."channel" in ('whatsapp', 'push')),
	CONSTRAINT "outbox_notices_status_known" CHECK ("outbox_notices"."status" in ('pending', 'sending', 'sent', 'delivered', 'read', 'failed', 'unknown', 'replaced', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_opt_outs" (
	"number" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_events" DROP CONSTRAINT "order_status_events_actor_known";--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "notice_whatsapp_number" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "notice_whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "notice_whatsapp" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "notice_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "notice_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "whatsapp_number" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "replaces_notice_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_notices" ADD CONSTRAINT "outbox_notices_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_notices" ADD CONSTRAINT "outbox_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_order_events_merchant_idx" ON "merchant_order_events" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "outbox_notices_due_idx" ON "outbox_notices" USING btree ("next_attempt_at") WHERE "outbox_notices"."status" in ('pending', 'sending', 'unknown');--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_notices_provider_id_idx" ON "outbox_notices" USING btree ("provider_message_id") WHERE "outbox_notices"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_notices_created_idx" ON "outbox_notices" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_notices_order_idx" ON "outbox_notices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "outbox_notices_recipient_idx" ON "outbox_notices" USING btree ("recipient","claimed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_notices_claimed_idx" ON "outbox_notices" USING btree ("claimed_at") WHERE "outbox_notices"."channel" = 'whatsapp';--> statement-breakpoint
CREATE INDEX "push_subscriptions_merchant_idx" ON "push_subscriptions" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "orders_waiting_idx" ON "orders" USING btree ("created_at") WHERE fulfillment_status = 'received' and status <> 'cancelled';--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_actor_known" CHECK ("order_status_events"."actor" in ('merchant', 'admin', 'shopper', 'payment', 'system'));