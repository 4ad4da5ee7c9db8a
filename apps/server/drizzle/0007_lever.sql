CREATE TABLE "lever_positions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint NOT NULL,
	"share" integer NOT NULL,
	"number" numeric(48, 18) NOT NULL,
	"multiple" integer NOT NULL,
	"origin_price" numeric(48, 18) NOT NULL,
	"price" numeric(48, 18) NOT NULL,
	"target_price" numeric(48, 18),
	"margin" numeric(48, 18) NOT NULL,
	"origin_margin" numeric(48, 18) NOT NULL,
	"fee" numeric(48, 18) NOT NULL,
	"overnight" numeric(48, 18) NOT NULL,
	"max_payout" numeric(48, 18) NOT NULL,
	"stop_profit" numeric(48, 18),
	"stop_loss" numeric(48, 18),
	"close_reason" text,
	"close_mark_price" numeric(48, 18),
	"close_price" numeric(48, 18),
	"profit" numeric(48, 18),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lever_settings" (
	"market_id" integer PRIMARY KEY NOT NULL,
	"point_rate" numeric(48, 18) DEFAULT '0.001' NOT NULL,
	"share_num" numeric(48, 18) DEFAULT '0.01' NOT NULL,
	"fee_rate" numeric(48, 18) DEFAULT '0.002' NOT NULL,
	"multiples" integer[] DEFAULT '{5,10,20,50,100}'::integer[] NOT NULL,
	"min_share" integer DEFAULT 1 NOT NULL,
	"max_share" integer DEFAULT 100 NOT NULL,
	"overnight_rate" numeric(48, 18) DEFAULT '0.0005' NOT NULL,
	"max_open_interest" integer DEFAULT 10000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lever_settings" ADD CONSTRAINT "lever_settings_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lever_positions_user_idx" ON "lever_positions" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "lever_positions_live_idx" ON "lever_positions" USING btree ("market_id") WHERE "lever_positions"."status" in (0, 1);