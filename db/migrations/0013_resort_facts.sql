CREATE TABLE `resort_facts` (
	`resort_slug` text PRIMARY KEY NOT NULL,
	`top_altitude` integer,
	`bottom_altitude` integer,
	`piste_km_green` real,
	`piste_km_blue` real,
	`piste_km_red` real,
	`piste_km_black` real,
	`lifts` integer,
	`season_first_month` integer,
	`season_last_month` integer,
	`bus_minutes` integer,
	`flight_minutes` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`resort_slug`) REFERENCES `resorts`(`slug`) ON UPDATE no action ON DELETE no action
);
