CREATE TABLE `offers_a` (
	`id` text PRIMARY KEY NOT NULL,
	`company_slug` text NOT NULL,
	`feed_id` text NOT NULL,
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
	`changed_version` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offers_a_offer` ON `offers_a` (`company_slug`,`feed_id`);--> statement-breakpoint
CREATE INDEX `offers_a_accommodation` ON `offers_a` (`accommodation_id`);--> statement-breakpoint
CREATE INDEX `offers_a_first_seen` ON `offers_a` (`first_seen_at`);--> statement-breakpoint
CREATE INDEX `offers_a_search` ON `offers_a` (`available`,`persons`,`departure_date`);--> statement-breakpoint
CREATE INDEX `offers_a_changed` ON `offers_a` (`changed_version`);--> statement-breakpoint
CREATE TABLE `offers_b` (
	`id` text PRIMARY KEY NOT NULL,
	`company_slug` text NOT NULL,
	`feed_id` text NOT NULL,
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
	`changed_version` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offers_b_offer` ON `offers_b` (`company_slug`,`feed_id`);--> statement-breakpoint
CREATE INDEX `offers_b_accommodation` ON `offers_b` (`accommodation_id`);--> statement-breakpoint
CREATE INDEX `offers_b_first_seen` ON `offers_b` (`first_seen_at`);--> statement-breakpoint
CREATE INDEX `offers_b_search` ON `offers_b` (`available`,`persons`,`departure_date`);--> statement-breakpoint
CREATE INDEX `offers_b_changed` ON `offers_b` (`changed_version`);--> statement-breakpoint
CREATE INDEX `accommodation_features_feature` ON `accommodation_features` (`feature_value`);--> statement-breakpoint
CREATE INDEX `accommodation_tags_tag` ON `accommodation_tags` (`tag_slug`);--> statement-breakpoint
-- The stored trips become side A (the live side), each keyed by (company, its own id = the trip id so far); side B is filled by the next import.
INSERT INTO `offers_a` (`id`, `company_slug`, `feed_id`, `accommodation_id`, `departure_date`, `nights`, `transport`, `persons`, `price`, `price_per_person`, `original_price`, `meal_plan_slug`, `ski_pass_included`, `ski_pass_days`, `url`, `discount_percentage`, `ski_score`, `available`, `content_hash`, `first_seen_at`, `changed_version`)
  SELECT `id`, `company_slug`, `id`, `accommodation_id`, `departure_date`, `nights`, `transport`, `persons`, `price`, `price_per_person`, `original_price`, `meal_plan_slug`, `ski_pass_included`, `ski_pass_days`, `url`, `discount_percentage`, `ski_score`, `available`, `content_hash`, `first_seen_at`, 0 FROM `trips`;
