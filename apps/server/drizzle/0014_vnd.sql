CREATE TABLE "vnd_orders" (
	"id" integer PRIMARY KEY DEFAULT nextval('deposits_id_seq') NOT NULL,
	"user_id" integer NOT NULL,
	"charge_num" numeric(48, 18) NOT NULL,
	"rate" numeric(48, 18) NOT NULL,
	"amount_vnd" numeric(48, 18) NOT NULL,
	"reference_code" text NOT NULL,
	"status" smallint NOT NULL,
	"credit_currency_id" integer NOT NULL,
	"credit_amount" numeric(48, 18) NOT NULL,
	"bank" jsonb NOT NULL,
	"qr_payload" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "reference_code" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "amount_vnd" numeric(48, 18);--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "vnd_rate" numeric(48, 18);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "vnd_rate" numeric(48, 18);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "vnd_total" numeric(48, 18);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "account_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "vnd_orders_reference_idx" ON "vnd_orders" USING btree ("reference_code");--> statement-breakpoint
CREATE INDEX "vnd_orders_user_idx" ON "vnd_orders" USING btree ("user_id","id");