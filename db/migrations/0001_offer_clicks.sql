CREATE TABLE `offer_clicks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trip_id` text NOT NULL,
	`company_slug` text NOT NULL,
	`affiliate_id` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `offer_clicks_company` ON `offer_clicks` (`company_slug`);--> statement-breakpoint
CREATE INDEX `offer_clicks_affiliate` ON `offer_clicks` (`affiliate_id`);