ALTER TABLE `banner_events` ADD `visitor` text;--> statement-breakpoint
ALTER TABLE `banner_events` ADD `address` text;--> statement-breakpoint
CREATE INDEX `banner_events_visitor` ON `banner_events` (`banner_id`,`kind`,`visitor`,`at`);--> statement-breakpoint
CREATE INDEX `banner_events_address` ON `banner_events` (`banner_id`,`kind`,`address`,`at`);--> statement-breakpoint
ALTER TABLE `offer_clicks` ADD `visitor` text;--> statement-breakpoint
ALTER TABLE `offer_clicks` ADD `address` text;--> statement-breakpoint
CREATE INDEX `offer_clicks_visitor` ON `offer_clicks` (`trip_id`,`visitor`,`at`);--> statement-breakpoint
CREATE INDEX `offer_clicks_address` ON `offer_clicks` (`trip_id`,`address`,`at`);--> statement-breakpoint
ALTER TABLE `pending_sign_ups` DROP COLUMN `password_hash`;