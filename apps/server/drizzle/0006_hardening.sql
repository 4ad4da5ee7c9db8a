CREATE TABLE "throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"user_id" integer NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "fee" numeric(48, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "min_receive" numeric(48, 18);--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "order_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_name_key" ON "uploads" USING btree ("name");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","id");