CREATE TABLE "merchant_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"actor_user_id" uuid,
	"actor" text NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_audit_log_role_known" CHECK ("merchant_audit_log"."actor_role" in ('merchant', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "merchant_daily_events" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"product_id" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "merchant_daily_events_merchant_id_day_product_id_type_pk" PRIMARY KEY("merchant_id","day","product_id","type"),
	CONSTRAINT "merchant_daily_events_type_known" CHECK ("merchant_daily_events"."type" in ('whatsapp', 'call', 'email', 'view'))
);
--> statement-breakpoint
CREATE TABLE "merchant_login_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_sign_in_emails" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_audit_log" ADD CONSTRAINT "merchant_audit_log_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_daily_events" ADD CONSTRAINT "merchant_daily_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_sign_in_emails" ADD CONSTRAINT "merchant_sign_in_emails_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_audit_log_merchant_idx" ON "merchant_audit_log" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "merchant_login_tokens_expires_idx" ON "merchant_login_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "merchant_sign_in_emails_email_idx" ON "merchant_sign_in_emails" USING btree ("email");