CREATE TABLE `affected_class_count` (
	`list_id` integer NOT NULL,
	`data_class` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`list_id`, `data_class`),
	FOREIGN KEY (`list_id`) REFERENCES `affected_list`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `affected_measure` (
	`list_id` integer NOT NULL,
	`measure` text NOT NULL,
	`width` integer NOT NULL,
	PRIMARY KEY(`list_id`, `measure`),
	FOREIGN KEY (`list_id`) REFERENCES `affected_list`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `affected_role_count` (
	`list_id` integer NOT NULL,
	`role` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`list_id`, `role`),
	FOREIGN KEY (`list_id`) REFERENCES `affected_list`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `affected_role_count` ("list_id", "role", "count") SELECT "id", 'recipient', "recipient" FROM `affected_list`;--> statement-breakpoint
INSERT INTO `affected_role_count` ("list_id", "role", "count") SELECT "id", 'exposed', "exposed" FROM `affected_list`;--> statement-breakpoint
INSERT INTO `affected_measure` ("list_id", "measure", "width") SELECT "id", 'prompt_tokens', "bucket" FROM `affected_list` WHERE "bucket" IS NOT NULL;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_affected_list` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`state` text NOT NULL,
	`sample` integer NOT NULL,
	`note` text,
	`rows` integer NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`first_at` text,
	`last_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`touched_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_affected_list`("id", "incident_id", "state", "sample", "note", "rows", "total", "first_at", "last_at", "created_at", "touched_at") SELECT "id", "incident_id", "state", "sample", "note", "rows", "total", "first_at", "last_at", "created_at", "touched_at" FROM `affected_list`;--> statement-breakpoint
DROP TABLE `affected_list`;--> statement-breakpoint
ALTER TABLE `__new_affected_list` RENAME TO `affected_list`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `affected_list_live_idx` ON `affected_list` (`incident_id`) WHERE "affected_list"."state" = 'live';--> statement-breakpoint
CREATE INDEX `affected_list_incident_id_idx` ON `affected_list` (`incident_id`);--> statement-breakpoint
CREATE TABLE `__new_affected_response` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`list_id` integer NOT NULL,
	`tenant_key` text NOT NULL,
	`request_id` text NOT NULL,
	`occurred_at` text,
	`m1` integer,
	`m2` integer,
	`m3` integer,
	`m4` integer,
	`role` text NOT NULL,
	`classes` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `affected_list`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_affected_response`("id", "list_id", "tenant_key", "request_id", "occurred_at", "m1", "m2", "m3", "m4", "role", "classes") SELECT "id", "list_id", "tenant_key", "request_id", "occurred_at", "prompt_tokens", NULL, NULL, NULL, "role", 0 FROM `affected_response`;--> statement-breakpoint
DROP TABLE `affected_response`;--> statement-breakpoint
ALTER TABLE `__new_affected_response` RENAME TO `affected_response`;--> statement-breakpoint
CREATE UNIQUE INDEX `affected_response_list_id_tenant_key_request_id_role_idx` ON `affected_response` (`list_id`,`tenant_key`,`request_id`,`role`);--> statement-breakpoint
CREATE INDEX `affected_response_lookup_idx` ON `affected_response` (`list_id`,`tenant_key`,`occurred_at`,`request_id`,`m1`,`m2`,`m3`,`m4`,`role`,`classes`);--> statement-breakpoint
CREATE TABLE `__new_affected_bucket` (
	`list_id` integer NOT NULL,
	`measure` text NOT NULL,
	`from_value` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`list_id`, `measure`, `from_value`),
	FOREIGN KEY (`list_id`) REFERENCES `affected_list`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_affected_bucket`("list_id", "measure", "from_value", "count") SELECT "list_id", 'prompt_tokens', "from_tokens", "count" FROM `affected_bucket`;--> statement-breakpoint
DROP TABLE `affected_bucket`;--> statement-breakpoint
ALTER TABLE `__new_affected_bucket` RENAME TO `affected_bucket`;--> statement-breakpoint
PRAGMA foreign_keys=ON;