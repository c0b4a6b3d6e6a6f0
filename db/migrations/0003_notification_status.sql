ALTER TABLE `agent_notifications` ADD `status` text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE `agent_notifications` ADD `batch` text;--> statement-breakpoint
CREATE INDEX `agent_notifications_pending` ON `agent_notifications` (`status`,`agent_id`);