CREATE TABLE `account_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`user_id` integer NOT NULL,
	`new_email` text,
	`redirect_to` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_tokens_user` ON `account_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE INDEX `account_tokens_created` ON `account_tokens` (`created_at`);