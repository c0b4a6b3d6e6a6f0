CREATE TABLE `agent_price_drops` (
	`agent_id` integer NOT NULL,
	`trip_id` text NOT NULL,
	`price` real NOT NULL,
	`previous_price` real NOT NULL,
	`sent_at` integer NOT NULL,
	`status` text DEFAULT 'sent' NOT NULL,
	`batch` text NOT NULL,
	PRIMARY KEY(`agent_id`, `trip_id`, `price`),
	FOREIGN KEY (`agent_id`) REFERENCES `search_agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_price_drops_pending` ON `agent_price_drops` (`status`,`agent_id`);--> statement-breakpoint
CREATE TABLE `price_history` (
	`trip_id` text NOT NULL,
	`version` integer NOT NULL,
	`accommodation_id` text NOT NULL,
	`persons` integer NOT NULL,
	`price` real,
	`price_per_person` real,
	`recorded_at` integer NOT NULL,
	PRIMARY KEY(`trip_id`, `version`)
);
--> statement-breakpoint
CREATE INDEX `price_history_accommodation` ON `price_history` (`accommodation_id`,`persons`,`version`);--> statement-breakpoint
CREATE INDEX `price_history_version` ON `price_history` (`version`);--> statement-breakpoint
ALTER TABLE `accommodations` ADD `images` text;--> statement-breakpoint
ALTER TABLE `search_agents` ADD `price_drops` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- The live offers' prices as their first history rows, so a later change has a price before it.
INSERT INTO `price_history` (`trip_id`, `version`, `accommodation_id`, `persons`, `price`, `price_per_person`, `recorded_at`)
SELECT `id`, `changed_version`, `accommodation_id`, `persons`, CASE WHEN `available` THEN `price` END, CASE WHEN `available` THEN `price_per_person` END, `first_seen_at` FROM `trips`;
