ALTER TABLE `incident` ADD `year` text;--> statement-breakpoint
CREATE INDEX `incident_year_idx` ON `incident` (`published`,`year`);--> statement-breakpoint
-- Both listing columns are made again together, after the migrations, by db/write/listing.ts fillListing.
UPDATE `incident` SET `latest_at` = NULL;
