ALTER TABLE "micro_index" ADD COLUMN "min_trades" integer;--> statement-breakpoint
ALTER TABLE "micro_index" ADD COLUMN "min_volume" numeric(48, 18);--> statement-breakpoint
ALTER TABLE "micro_orders" ADD COLUMN "index_min_trades" integer;--> statement-breakpoint
ALTER TABLE "micro_orders" ADD COLUMN "index_min_volume" numeric(48, 18);