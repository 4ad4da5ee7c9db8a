ALTER TABLE "lever_settings" ADD COLUMN "mark_min_depth" numeric(48, 18) DEFAULT '1000' NOT NULL;--> statement-breakpoint
ALTER TABLE "lever_settings" ADD COLUMN "mark_band" numeric(48, 18) DEFAULT '0.02' NOT NULL;--> statement-breakpoint
ALTER TABLE "lever_settings" ADD COLUMN "mark_window_s" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "lever_settings" ADD COLUMN "manipulation_multiple" numeric(48, 18) DEFAULT '1' NOT NULL;
