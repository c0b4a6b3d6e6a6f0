ALTER TABLE `banner_events` ADD `counted` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `banner_events_at` ON `banner_events` (`at`);--> statement-breakpoint
ALTER TABLE `offer_clicks` ADD `counted` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `offer_clicks_at` ON `offer_clicks` (`at`);