CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer,
	"system_code" text,
	"currency_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"balance" numeric(48, 18) DEFAULT '0' NOT NULL,
	"lock_balance" numeric(48, 18) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candles" (
	"market_id" integer NOT NULL,
	"period" text NOT NULL,
	"open_time" bigint NOT NULL,
	"open" numeric(48, 18) NOT NULL,
	"high" numeric(48, 18) NOT NULL,
	"low" numeric(48, 18) NOT NULL,
	"close" numeric(48, 18) NOT NULL,
	"volume" numeric(48, 18) NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "candles_market_id_period_open_time_pk" PRIMARY KEY("market_id","period","open_time")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"display_decimals" smallint DEFAULT 8 NOT NULL,
	"is_quote" boolean DEFAULT false NOT NULL,
	"usd_price" numeric(48, 18) DEFAULT '0' NOT NULL,
	"cny_price" numeric(48, 18) DEFAULT '0' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal" (
	"id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref_id" bigint,
	"actor_id" integer,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_currency_id" integer NOT NULL,
	"quote_currency_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"price_decimals" smallint NOT NULL,
	"qty_decimals" smallint NOT NULL,
	"min_qty" numeric(48, 18) NOT NULL,
	"maker_fee_bps" integer DEFAULT 10 NOT NULL,
	"taker_fee_bps" integer DEFAULT 20 NOT NULL,
	"band_bps" integer DEFAULT 500 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"open_lever" boolean DEFAULT false NOT NULL,
	"open_microtrade" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"type" smallint NOT NULL,
	"price" numeric(48, 18) NOT NULL,
	"qty" numeric(48, 18) NOT NULL,
	"filled_qty" numeric(48, 18) NOT NULL,
	"filled_quote" numeric(48, 18) NOT NULL,
	"fee" numeric(48, 18) NOT NULL,
	"locked" numeric(48, 18) NOT NULL,
	"status" smallint NOT NULL,
	"client_order_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"journal_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"bucket" smallint NOT NULL,
	"amount" numeric(48, 18) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" bigint PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"price" numeric(48, 18) NOT NULL,
	"qty" numeric(48, 18) NOT NULL,
	"quote_qty" numeric(48, 18) NOT NULL,
	"taker_side" smallint NOT NULL,
	"maker_order_id" bigint NOT NULL,
	"taker_order_id" bigint NOT NULL,
	"maker_user_id" integer NOT NULL,
	"taker_user_id" integer NOT NULL,
	"buyer_fee" numeric(48, 18) NOT NULL,
	"seller_fee" numeric(48, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_base_currency_id_currencies_id_fk" FOREIGN KEY ("base_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_quote_currency_id_currencies_id_fk" FOREIGN KEY ("quote_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_key" ON "accounts" USING btree ("user_id","currency_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_system_key" ON "accounts" USING btree ("system_code","currency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_code_key" ON "currencies" USING btree ("code");--> statement-breakpoint
CREATE INDEX "journal_ref_idx" ON "journal" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "markets_symbol_key" ON "markets" USING btree ("symbol");--> statement-breakpoint
CREATE UNIQUE INDEX "markets_pair_key" ON "markets" USING btree ("base_currency_id","quote_currency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_key" ON "orders" USING btree ("user_id","client_order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","status","side","id");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("status","market_id");--> statement-breakpoint
CREATE INDEX "postings_journal_idx" ON "postings" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "trades_market_idx" ON "trades" USING btree ("market_id","id");