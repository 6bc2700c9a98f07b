CREATE TABLE `lookup_key` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kid` text NOT NULL,
	`salt` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`revoked_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lookup_key_kid_idx` ON `lookup_key` (`kid`);--> statement-breakpoint
CREATE UNIQUE INDEX `lookup_key_current_idx` ON `lookup_key` (ifnull("revoked_at", '')) WHERE "lookup_key"."revoked_at" IS NULL;--> statement-breakpoint
CREATE TABLE `rate_bucket` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`tokens` real NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`scope`, `key`)
);
--> statement-breakpoint
CREATE INDEX `rate_bucket_at_idx` ON `rate_bucket` (`at`);