ALTER TABLE `incident` ADD `latest_at` text;--> statement-breakpoint
CREATE INDEX `incident_listing_idx` ON `incident` (`published`,`latest_at`,`slug`);