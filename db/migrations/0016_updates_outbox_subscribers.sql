-- Issue 21: an incident's public updates; the outbox every message goes through; readers' subscriptions; notices to affected tenants.
CREATE TABLE `notice` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`list_id` integer NOT NULL,
	`account_key` text NOT NULL,
	`account_ending` text NOT NULL,
	`email_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`list_id`) REFERENCES `affected_list`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notice_list_id_account_key_idx` ON `notice` (`list_id`,`account_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `notice_incident_id_email_hash_account_key_idx` ON `notice` (`incident_id`,`email_hash`,`account_key`);--> statement-breakpoint
CREATE TABLE `outbox_message` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`channel` text NOT NULL,
	`purpose` text NOT NULL,
	`incident_id` integer,
	`subscriber_id` integer,
	`notice_id` integer,
	`recipient` text,
	`recipient_hash` text NOT NULL,
	`domain` text NOT NULL,
	`payload` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`due_at` integer NOT NULL,
	`lease` text,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscriber`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`notice_id`) REFERENCES `notice`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_message_key_idx` ON `outbox_message` (`key`);--> statement-breakpoint
CREATE INDEX `outbox_message_due_idx` ON `outbox_message` (`channel`,`due_at`) WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX `outbox_message_incident_id_state_idx` ON `outbox_message` (`incident_id`,`state`);--> statement-breakpoint
CREATE INDEX `outbox_message_notice_id_idx` ON `outbox_message` (`notice_id`);--> statement-breakpoint
CREATE INDEX `outbox_message_subscriber_id_idx` ON `outbox_message` (`subscriber_id`);--> statement-breakpoint
CREATE TABLE `subscriber` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`incident_id` integer,
	`address` text,
	`domain` text NOT NULL,
	`address_hash` text NOT NULL,
	`state` text NOT NULL,
	`secret` text,
	`pending_secret` text,
	`nonce` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`confirmed_at` text,
	`ended_at` text,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriber_channel_address_hash_scope_idx` ON `subscriber` (`channel`,`address_hash`,coalesce(`incident_id`, 0));--> statement-breakpoint
CREATE INDEX `subscriber_incident_id_state_idx` ON `subscriber` (`incident_id`,`state`);--> statement-breakpoint
CREATE TABLE `incident_update` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`at` text NOT NULL,
	`status` text NOT NULL,
	`body` text NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `incident_update_incident_id_at_idx` ON `incident_update` (`incident_id`,`at`);