CREATE TABLE `lookup_session_end` (
	`session_id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lookup_session_end_expires_at_idx` ON `lookup_session_end` (`expires_at`);