CREATE TABLE `affected_response` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`tenant_key` text NOT NULL,
	`request_id` text NOT NULL,
	`occurred_at` text NOT NULL,
	`prompt_tokens` integer NOT NULL,
	`role` text NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `affected_response_incident_id_tenant_key_request_id_role_idx` ON `affected_response` (`incident_id`,`tenant_key`,`request_id`,`role`);--> statement-breakpoint
CREATE INDEX `affected_response_incident_id_occurred_at_idx` ON `affected_response` (`incident_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `citation` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source_id` integer NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` integer NOT NULL,
	FOREIGN KEY (`source_id`) REFERENCES `source`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `citation_subject_type_subject_id_source_id_idx` ON `citation` (`subject_type`,`subject_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `citation_source_id_idx` ON `citation` (`source_id`);--> statement-breakpoint
CREATE TABLE `context_fact` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`position` integer NOT NULL,
	`topic` text NOT NULL,
	`statement` text NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `context_fact_incident_id_position_idx` ON `context_fact` (`incident_id`,`position`);--> statement-breakpoint
CREATE TABLE `duration_claim` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`key` text NOT NULL,
	`position` integer NOT NULL,
	`label` text NOT NULL,
	`kind` text NOT NULL,
	`from_event_id` integer,
	`to_event_id` integer,
	`stated_minutes` integer,
	`approximate` integer DEFAULT false NOT NULL,
	`counted_by` text NOT NULL,
	`method` text NOT NULL,
	`note` text,
	`contests_id` integer,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_event_id`) REFERENCES `event`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`to_event_id`) REFERENCES `event`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`contests_id`) REFERENCES `duration_claim`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "duration_claim_kind_fields" CHECK(("duration_claim"."kind" = 'interval' AND "duration_claim"."from_event_id" IS NOT NULL AND "duration_claim"."to_event_id" IS NOT NULL AND "duration_claim"."stated_minutes" IS NULL)
        OR ("duration_claim"."kind" = 'stated' AND "duration_claim"."stated_minutes" > 0 AND "duration_claim"."from_event_id" IS NULL AND "duration_claim"."to_event_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `duration_claim_incident_id_key_idx` ON `duration_claim` (`incident_id`,`key`);--> statement-breakpoint
CREATE INDEX `duration_claim_incident_id_position_idx` ON `duration_claim` (`incident_id`,`position`);--> statement-breakpoint
CREATE TABLE `event` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`key` text NOT NULL,
	`at` text,
	`precision` text NOT NULL,
	`phase` text NOT NULL,
	`title` text NOT NULL,
	`detail` text,
	`position` integer NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "event_at_matches_precision" CHECK(("event"."precision" = 'none' AND "event"."at" IS NULL) OR ("event"."precision" = 'year' AND length("event"."at") = 4)
        OR ("event"."precision" = 'month' AND length("event"."at") = 7) OR ("event"."precision" = 'day' AND length("event"."at") = 10)
        OR ("event"."precision" = 'minute' AND length("event"."at") = 17))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_incident_id_key_idx` ON `event` (`incident_id`,`key`);--> statement-breakpoint
CREATE INDEX `event_incident_id_position_idx` ON `event` (`incident_id`,`position`);--> statement-breakpoint
CREATE TABLE `figure` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`position` integer NOT NULL,
	`value` text NOT NULL,
	`unit` text,
	`label` text NOT NULL,
	`note` text,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `figure_incident_id_position_idx` ON `figure` (`incident_id`,`position`);--> statement-breakpoint
CREATE TABLE `finding` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`position` integer NOT NULL,
	`assessor` text NOT NULL,
	`assessed_on` text NOT NULL,
	`statement` text NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `finding_incident_id_position_idx` ON `finding` (`incident_id`,`position`);--> statement-breakpoint
CREATE TABLE `finding_reaction` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`position` integer NOT NULL,
	`who` text NOT NULL,
	`affiliation` text,
	`statement` text NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `finding_reaction_incident_id_position_idx` ON `finding_reaction` (`incident_id`,`position`);--> statement-breakpoint
CREATE TABLE `incident` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	`provider` text NOT NULL,
	`service` text NOT NULL,
	`model` text,
	`status` text NOT NULL,
	`severity` text,
	`impact` text NOT NULL,
	`cause` text NOT NULL,
	`is_attack` integer NOT NULL,
	`attack_note` text,
	`sample_note` text,
	`published` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `incident_slug_idx` ON `incident` (`slug`);--> statement-breakpoint
CREATE TABLE `recommendation` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`position` integer NOT NULL,
	`audience` text NOT NULL,
	`text` text NOT NULL,
	`status` text NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recommendation_incident_id_position_idx` ON `recommendation` (`incident_id`,`position`);--> statement-breakpoint
CREATE TABLE `source` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`number` integer NOT NULL,
	`publisher` text NOT NULL,
	`title` text NOT NULL,
	`author` text,
	`published_on` text NOT NULL,
	`url` text,
	`note` text,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `source_incident_id_number_idx` ON `source` (`incident_id`,`number`);--> statement-breakpoint
CREATE INDEX `source_incident_id_idx` ON `source` (`incident_id`);