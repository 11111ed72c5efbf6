ALTER TABLE "checkouts" ADD COLUMN "payment_link_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment_link_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment_link_sync_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bank_details" jsonb;--> statement-breakpoint
CREATE INDEX "checkouts_payment_link_sync_idx" ON "checkouts" USING btree ("payment_link_sync_at") WHERE "checkouts"."payment_link_sync_at" is not null;