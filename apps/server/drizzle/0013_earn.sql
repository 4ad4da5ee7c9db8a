CREATE TABLE "earn_products" (
	"id" integer PRIMARY KEY NOT NULL,
	"currency_id" integer NOT NULL,
	"decimals" smallint NOT NULL,
	"names" jsonb NOT NULL,
	"yield_sources" jsonb NOT NULL,
	"days" integer NOT NULL,
	"rate" numeric(48, 18) NOT NULL,
	"min_number" numeric(48, 18) NOT NULL,
	"max_number" numeric(48, 18) NOT NULL,
	"max_per_user" numeric(48, 18) NOT NULL,
	"quota" numeric(48, 18) NOT NULL,
	"sale_start" timestamp with time zone,
	"sale_end" timestamp with time zone,
	"status" smallint NOT NULL,
	"reserve" numeric(48, 18) NOT NULL,
	"owed" numeric(48, 18) NOT NULL,
	"paid" numeric(48, 18) NOT NULL,
	"sold" numeric(48, 18) NOT NULL,
	"subscriptions" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_subscriptions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"number" numeric(48, 18) NOT NULL,
	"daily" numeric(48, 18) NOT NULL,
	"days" integer NOT NULL,
	"rate" numeric(48, 18) NOT NULL,
	"start_day" integer NOT NULL,
	"paid_days" integer NOT NULL,
	"income" numeric(48, 18) NOT NULL,
	"status" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"matured_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "earn_products" ADD CONSTRAINT "earn_products_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earn_subscriptions_user_idx" ON "earn_subscriptions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "earn_subscriptions_active_idx" ON "earn_subscriptions" USING btree ("product_id") WHERE "earn_subscriptions"."status" = 1;