CREATE TABLE "personal_data_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"key_kind" text,
	"key_value" text,
	"actor_user_id" uuid,
	"actor" text NOT NULL,
	"row_count" integer NOT NULL,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_data_requests_action_known" CHECK ("personal_data_requests"."action" in ('export', 'erase', 'retention')),
	CONSTRAINT "personal_data_requests_key_kind_known" CHECK ("personal_data_requests"."key_kind" is null or "personal_data_requests"."key_kind" in ('email', 'phone'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "personal_data_erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "personal_data_requests_created_idx" ON "personal_data_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_user_email_idx" ON "reviews" USING btree (lower("user_email"));--> statement-breakpoint
CREATE INDEX "checkouts_whatsapp_number_idx" ON "checkouts" USING btree ("whatsapp_number") WHERE "checkouts"."whatsapp_number" is not null;--> statement-breakpoint
CREATE INDEX "orders_customer_email_idx" ON "orders" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "orders_customer_phone_idx" ON "orders" USING btree (regexp_replace("customer_phone", '[^0-9]', '', 'g'));--> statement-breakpoint
CREATE INDEX "orders_personal_data_due_idx" ON "orders" USING btree (coalesce("delivered_at", "updated_at")) WHERE personal_data_erased_at is null and (delivered_at is not null or status = 'cancelled');--> statement-breakpoint
CREATE INDEX "outbox_emails_recipient_idx" ON "outbox_emails" USING btree (lower("recipient"));