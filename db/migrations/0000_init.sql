CREATE TABLE `accommodation_features` (
	`accommodation_id` text NOT NULL,
	`feature_value` text NOT NULL,
	PRIMARY KEY(`accommodation_id`, `feature_value`),
	FOREIGN KEY (`accommodation_id`) REFERENCES `accommodations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`feature_value`) REFERENCES `features`(`value`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `accommodation_tags` (
	`accommodation_id` text NOT NULL,
	`tag_slug` text NOT NULL,
	PRIMARY KEY(`accommodation_id`, `tag_slug`),
	FOREIGN KEY (`accommodation_id`) REFERENCES `accommodations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tag_slug`) REFERENCES `tags`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `accommodations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`rating` integer NOT NULL,
	`lat` real NOT NULL,
	`lng` real NOT NULL,
	`image_url` text,
	`resort_slug` text NOT NULL,
	FOREIGN KEY (`resort_slug`) REFERENCES `resorts`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `accommodations_resort` ON `accommodations` (`resort_slug`);--> statement-breakpoint
CREATE TABLE `agent_notifications` (
	`agent_id` integer NOT NULL,
	`trip_id` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`agent_id`, `trip_id`),
	FOREIGN KEY (`agent_id`) REFERENCES `search_agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `banner_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`banner_id` integer NOT NULL,
	`kind` text NOT NULL,
	`affiliate_id` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`banner_id`) REFERENCES `banners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `banner_events_banner` ON `banner_events` (`banner_id`,`kind`);--> statement-breakpoint
CREATE TABLE `banners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`url` text NOT NULL,
	`image` text NOT NULL,
	`position` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE `countries` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `features` (
	`value` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `landing_boxes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`icon` text NOT NULL,
	`border_color` text NOT NULL,
	`background_color` text NOT NULL,
	`text_color` text NOT NULL,
	`icon_color` text NOT NULL,
	`query` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `meal_plans` (
	`slug` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`short` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `regions` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`country_slug` text NOT NULL,
	FOREIGN KEY (`country_slug`) REFERENCES `countries`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `resorts` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`region_slug` text NOT NULL,
	`lat` real NOT NULL,
	`lng` real NOT NULL,
	FOREIGN KEY (`region_slug`) REFERENCES `regions`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `saved_trips` (
	`user_id` integer NOT NULL,
	`trip_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `trip_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `search_agents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`query` text NOT NULL,
	`frequency` text DEFAULT 'instant' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`last_notified_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_agents_user_query` ON `search_agents` (`user_id`,`query`);--> statement-breakpoint
CREATE TABLE `tags` (
	`slug` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `travel_companies` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `trips` (
	`id` text PRIMARY KEY NOT NULL,
	`company_slug` text NOT NULL,
	`accommodation_id` text NOT NULL,
	`departure_date` text NOT NULL,
	`nights` integer NOT NULL,
	`transport` text NOT NULL,
	`persons` integer NOT NULL,
	`price` real NOT NULL,
	`price_per_person` real NOT NULL,
	`original_price` real,
	`meal_plan_slug` text NOT NULL,
	`ski_pass_included` integer NOT NULL,
	`ski_pass_days` integer NOT NULL,
	`url` text NOT NULL,
	`discount_percentage` integer NOT NULL,
	`ski_score` integer NOT NULL,
	`available` integer NOT NULL,
	`content_hash` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`company_slug`) REFERENCES `travel_companies`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`accommodation_id`) REFERENCES `accommodations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`meal_plan_slug`) REFERENCES `meal_plans`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `trips_company` ON `trips` (`company_slug`);--> statement-breakpoint
CREATE INDEX `trips_accommodation` ON `trips` (`accommodation_id`);--> statement-breakpoint
CREATE INDEX `trips_first_seen` ON `trips` (`first_seen_at`);--> statement-breakpoint
CREATE INDEX `trips_search` ON `trips` (`available`,`persons`,`departure_date`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);