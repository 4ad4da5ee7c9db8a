CREATE TABLE "favorites" (
	"user_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_market_id_pk" PRIMARY KEY("user_id","market_id")
);
--> statement-breakpoint
CREATE INDEX "trades_market_time_idx" ON "trades" USING btree ("market_id","created_at");