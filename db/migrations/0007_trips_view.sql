DROP TABLE `trips`;--> statement-breakpoint
-- Readers see the live side through `trips`; the indexer switches it (indexer/apply/sides.ts).
CREATE VIEW `trips` AS SELECT `id`, `company_slug`, `feed_id`, `accommodation_id`, `departure_date`, `nights`, `transport`, `persons`, `price`, `price_per_person`, `original_price`, `meal_plan_slug`, `ski_pass_included`, `ski_pass_days`, `url`, `discount_percentage`, `ski_score`, `available`, `content_hash`, `first_seen_at`, `changed_version` FROM `offers_a`;
