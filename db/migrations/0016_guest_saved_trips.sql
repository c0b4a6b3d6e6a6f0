CREATE TABLE `guest_saved_trips` (
	`guest_id_hash` text NOT NULL,
	`trip_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`guest_id_hash`, `trip_id`)
);
--> statement-breakpoint
CREATE INDEX `guest_saved_trips_created` ON `guest_saved_trips` (`created_at`);