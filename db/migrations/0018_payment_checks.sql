CREATE TABLE "checkout_payment_checks" (
	"checkout_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_payment_checks_checkout_id_transaction_id_pk" PRIMARY KEY("checkout_id","transaction_id")
);
--> statement-breakpoint
ALTER TABLE "checkout_payment_checks" ADD CONSTRAINT "checkout_payment_checks_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;