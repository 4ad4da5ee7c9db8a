CREATE TABLE "chain_protocols" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"account_type" smallint NOT NULL,
	"number" numeric(48, 18) NOT NULL,
	"market_price" numeric(48, 18) NOT NULL,
	"spread_bps" integer NOT NULL,
	"price" numeric(48, 18) NOT NULL,
	"receive" numeric(48, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_protocols" (
	"id" integer PRIMARY KEY NOT NULL,
	"currency_id" integer NOT NULL,
	"chain_protocol_id" integer NOT NULL,
	"token_address" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"user_id" integer NOT NULL,
	"chain_protocol_id" integer NOT NULL,
	"address" text NOT NULL,
	"derivation_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_user_id_chain_protocol_id_pk" PRIMARY KEY("user_id","chain_protocol_id")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"currency_protocol_id" integer,
	"chain" text DEFAULT '' NOT NULL,
	"number" numeric(48, 18) NOT NULL,
	"in_address" text DEFAULT '' NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"img_url" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"journal_id" bigint,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"number" numeric(48, 18) NOT NULL,
	"from_type" smallint NOT NULL,
	"to_type" smallint NOT NULL,
	"client_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"currency_protocol_id" integer NOT NULL,
	"address" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"currency_protocol_id" integer,
	"chain" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"number" numeric(48, 18) NOT NULL,
	"fee" numeric(48, 18) NOT NULL,
	"receive" numeric(48, 18) NOT NULL,
	"status" smallint NOT NULL,
	"tx_ref" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "open_recharge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "open_draw" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "draw_rate" numeric(48, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "draw_min" numeric(48, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "draw_max" numeric(48, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "account_types" smallint[] DEFAULT '{1}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_fail_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_fail_since" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_protocols_code_key" ON "chain_protocols" USING btree ("code");--> statement-breakpoint
CREATE INDEX "conversions_user_idx" ON "conversions" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "currency_protocols_key" ON "currency_protocols" USING btree ("currency_id","chain_protocol_id");--> statement-breakpoint
CREATE INDEX "deposit_addresses_address_idx" ON "deposit_addresses" USING btree ("address");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_client_key" ON "transfers" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "transfers_user_idx" ON "transfers" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_addresses_key" ON "withdraw_addresses" USING btree ("user_id","currency_protocol_id","address");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");