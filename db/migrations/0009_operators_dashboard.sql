CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`subject` text NOT NULL,
	`before` text,
	`after` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`);--> statement-breakpoint
CREATE TABLE `import_companies` (
	`import_id` integer NOT NULL,
	`company_slug` text NOT NULL,
	`lines` integer NOT NULL,
	`added` integer NOT NULL,
	`updated` integer NOT NULL,
	`unchanged` integer NOT NULL,
	`vanished` integer NOT NULL,
	`stopped` integer NOT NULL,
	`rejected` integer DEFAULT 0 NOT NULL,
	`warnings` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`import_id`, `company_slug`),
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_companies_company` ON `import_companies` (`company_slug`);--> statement-breakpoint
CREATE TABLE `import_issues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`import_id` integer NOT NULL,
	`kind` text NOT NULL,
	`line_no` integer NOT NULL,
	`message` text NOT NULL,
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_issues_import` ON `import_issues` (`import_id`,`kind`,`line_no`);--> statement-breakpoint
CREATE TABLE `imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`source` text NOT NULL,
	`lines` integer NOT NULL,
	`added` integer NOT NULL,
	`updated` integer NOT NULL,
	`unchanged` integer NOT NULL,
	`vanished` integer NOT NULL,
	`rejected` integer NOT NULL,
	`warnings` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`generation` integer NOT NULL,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `imports_at` ON `imports` (`at`);--> statement-breakpoint
CREATE TABLE `notify_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`agents` integer NOT NULL,
	`trips` integer NOT NULL,
	`messages` integer NOT NULL,
	`failed` integer NOT NULL,
	`locked` integer NOT NULL,
	`error` text
);
--> statement-breakpoint
ALTER TABLE `banners` ADD `starts_on` text;--> statement-breakpoint
ALTER TABLE `banners` ADD `ends_on` text;--> statement-breakpoint
ALTER TABLE `users` ADD `is_operator` integer DEFAULT false NOT NULL;