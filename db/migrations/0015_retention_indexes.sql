DROP INDEX `banner_events_at`;--> statement-breakpoint
CREATE INDEX `banner_events_at` ON `banner_events` (`at`) WHERE (visitor IS NOT NULL OR address IS NOT NULL);--> statement-breakpoint
DROP INDEX `offer_clicks_at`;--> statement-breakpoint
CREATE INDEX `offer_clicks_at` ON `offer_clicks` (`at`) WHERE (visitor IS NOT NULL OR address IS NOT NULL);--> statement-breakpoint
CREATE INDEX `agent_notifications_sent` ON `agent_notifications` (`status`,`sent_at`);--> statement-breakpoint
CREATE INDEX `agent_price_drops_sent` ON `agent_price_drops` (`status`,`sent_at`);