DROP INDEX "journal_ref_idx";--> statement-breakpoint
DROP INDEX "postings_journal_idx";--> statement-breakpoint
DROP INDEX "orders_client_key";--> statement-breakpoint
DROP INDEX "orders_open_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_key" ON "orders" USING btree ("user_id","client_order_id") WHERE "orders"."client_order_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("market_id") WHERE "orders"."status" = 0;