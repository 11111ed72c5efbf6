CREATE TABLE "merchant_hours" (
	"merchant_id" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "merchant_hours_merchant_id_start_minute_pk" PRIMARY KEY("merchant_id","start_minute"),
	CONSTRAINT "merchant_hours_range" CHECK ("merchant_hours"."start_minute" >= 0 and "merchant_hours"."start_minute" < "merchant_hours"."end_minute" and "merchant_hours"."end_minute" <= 10080)
);
--> statement-breakpoint
CREATE TABLE "merchant_special_dates" (
	"merchant_id" integer NOT NULL,
	"date" date NOT NULL,
	"closed" boolean NOT NULL,
	"open_minute" integer,
	"close_minute" integer,
	CONSTRAINT "merchant_special_dates_merchant_id_date_pk" PRIMARY KEY("merchant_id","date"),
	CONSTRAINT "merchant_special_dates_hours" CHECK ("merchant_special_dates"."closed" or ("merchant_special_dates"."open_minute" >= 0 and "merchant_special_dates"."open_minute" < "merchant_special_dates"."close_minute" and "merchant_special_dates"."close_minute" <= 1440))
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "temporarily_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "hours_synced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "fulfillment" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "delivery_area" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "delivery_municipalities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "delivery_note" text;--> statement-breakpoint
ALTER TABLE "merchant_hours" ADD CONSTRAINT "merchant_hours_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_special_dates" ADD CONSTRAINT "merchant_special_dates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_hours_open_idx" ON "merchant_hours" USING btree ("start_minute","end_minute","merchant_id");--> statement-breakpoint
CREATE INDEX "merchant_special_dates_date_idx" ON "merchant_special_dates" USING btree ("date");--> statement-breakpoint
CREATE INDEX "merchants_municipality_idx" ON "merchants" USING btree ("municipality");--> statement-breakpoint
CREATE INDEX "merchants_delivery_municipalities_idx" ON "merchants" USING gin ("delivery_municipalities");--> statement-breakpoint
CREATE INDEX "merchants_hours_unsynced_idx" ON "merchants" USING btree ("id") WHERE not hours_synced;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_fulfillment_known" CHECK ("merchants"."fulfillment" is null or "merchants"."fulfillment" in ('delivery', 'pickup', 'both'));--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_delivery_area_known" CHECK ("merchants"."delivery_area" is null or "merchants"."delivery_area" in ('department', 'municipalities', 'country'));