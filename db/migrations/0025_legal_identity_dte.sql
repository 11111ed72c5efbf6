CREATE TABLE "order_dte" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"code" uuid NOT NULL,
	"issued_on" date NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_dte_issued_on_sane" CHECK ("order_dte"."issued_on" >= date '2020-01-01')
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "order_dte" ADD CONSTRAINT "order_dte_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchants_missing_legal_idx" ON "merchants" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE approved and (legal_name is null or tax_id is null);