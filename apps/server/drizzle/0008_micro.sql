CREATE TABLE "micro_caps" (
	"market_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"cap" numeric(48, 18) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "micro_caps_market_id_currency_id_pk" PRIMARY KEY("market_id","currency_id")
);
--> statement-breakpoint
CREATE TABLE "micro_currencies" (
	"currency_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_number" numeric(48, 18) NOT NULL,
	"max_number" numeric(48, 18) NOT NULL,
	"fee_rate" numeric(48, 18) DEFAULT '0' NOT NULL,
	"default_cap" numeric(48, 18) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "micro_index" (
	"market_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"first_trade_id" bigint,
	"last_trade_id" bigint,
	"trade_count" integer NOT NULL,
	"bid" numeric(48, 18),
	"ask" numeric(48, 18),
	"value" numeric(48, 18),
	CONSTRAINT "micro_index_market_id_at_pk" PRIMARY KEY("market_id","at")
);
--> statement-breakpoint
CREATE TABLE "micro_orders" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint NOT NULL,
	"seconds" integer NOT NULL,
	"number" numeric(48, 18) NOT NULL,
	"fee" numeric(48, 18) NOT NULL,
	"profit_ratio" numeric(48, 18) NOT NULL,
	"open_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"open_price" numeric(48, 18),
	"end_price" numeric(48, 18),
	"outcome" text,
	"fact_profits" numeric(48, 18),
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "micro_settings" (
	"market_id" integer PRIMARY KEY NOT NULL,
	"options" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "micro_caps" ADD CONSTRAINT "micro_caps_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "micro_caps" ADD CONSTRAINT "micro_caps_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "micro_currencies" ADD CONSTRAINT "micro_currencies_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "micro_settings" ADD CONSTRAINT "micro_settings_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "micro_orders_user_idx" ON "micro_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "micro_orders_open_idx" ON "micro_orders" USING btree ("end_at") WHERE "micro_orders"."status" = 1;