-- Record version 2: affected lists with counts, duration roles, figure headlines and thresholds, the
-- context title, an attack that may be not yet established. The version-1 meaning of each is kept for
-- existing data: the front page showed the first two figures, and the lead knew its durations by key.
CREATE TABLE `affected_bucket` (
	`list_id` integer NOT NULL,
	`from_tokens` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`list_id`, `from_tokens`),
	FOREIGN KEY (`list_id`) REFERENCES `affected_list`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `affected_day` (
	`list_id` integer NOT NULL,
	`day` text NOT NULL,
	`role` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`list_id`, `day`, `role`),
	FOREIGN KEY (`list_id`) REFERENCES `affected_list`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `affected_list` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`state` text NOT NULL,
	`sample` integer NOT NULL,
	`note` text,
	`rows` integer NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`recipient` integer DEFAULT 0 NOT NULL,
	`exposed` integer DEFAULT 0 NOT NULL,
	`first_at` text,
	`last_at` text,
	`bucket` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`touched_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "affected_list_counts" CHECK("affected_list"."recipient" + "affected_list"."exposed" = "affected_list"."total")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `affected_list_live_idx` ON `affected_list` (`incident_id`) WHERE "affected_list"."state" = 'live';--> statement-breakpoint
CREATE INDEX `affected_list_incident_id_idx` ON `affected_list` (`incident_id`);--> statement-breakpoint
-- Every incident with affected rows gets one live list; the sample flag and note move from the incident to it.
-- Its counts are taken in SQL from its rows right after the migrations (db/migrate.ts).
INSERT INTO `affected_list` (`incident_id`, `state`, `sample`, `note`, `rows`)
  SELECT i.`id`, 'live', i.`sample_note` IS NOT NULL, i.`sample_note`, 1 FROM `incident` i
  WHERE EXISTS (SELECT 1 FROM `affected_response` r WHERE r.`incident_id` = i.`id`);--> statement-breakpoint
-- An incident imported from an export kept only its published counts (JSON); they become a list without rows.
INSERT INTO `affected_list` (`incident_id`, `state`, `sample`, `note`, `rows`, `total`, `recipient`, `exposed`, `bucket`)
  SELECT i.`id`, 'live', json_extract(i.`affected_summary`, '$.sample'), json_extract(i.`affected_summary`, '$.note'), 0,
    json_extract(i.`affected_summary`, '$.total'), json_extract(i.`affected_summary`, '$.byRole.recipient'),
    json_extract(i.`affected_summary`, '$.byRole.exposed'),
    (SELECT json_extract(b.value, '$.to') - json_extract(b.value, '$.from') FROM json_each(i.`affected_summary`, '$.promptTokens') b LIMIT 1)
  FROM `incident` i
  WHERE i.`affected_summary` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `affected_list` l WHERE l.`incident_id` = i.`id`);--> statement-breakpoint
INSERT INTO `affected_day` (`list_id`, `day`, `role`, `count`)
  SELECT l.`id`, json_extract(d.value, '$.day'), r.role, json_extract(d.value, '$.' || r.role)
  FROM `affected_list` l JOIN `incident` i ON i.`id` = l.`incident_id`, json_each(i.`affected_summary`, '$.perDay') d,
    (SELECT 'recipient' AS role UNION ALL SELECT 'exposed') r
  WHERE l.`rows` = 0 AND json_extract(d.value, '$.' || r.role) > 0;--> statement-breakpoint
INSERT INTO `affected_bucket` (`list_id`, `from_tokens`, `count`)
  SELECT l.`id`, json_extract(b.value, '$.from'), json_extract(b.value, '$.count')
  FROM `affected_list` l JOIN `incident` i ON i.`id` = l.`incident_id`, json_each(i.`affected_summary`, '$.promptTokens') b
  WHERE l.`rows` = 0;--> statement-breakpoint
CREATE TABLE `__new_affected_response` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`list_id` integer NOT NULL,
	`tenant_key` text NOT NULL,
	`request_id` text NOT NULL,
	`occurred_at` text NOT NULL,
	`prompt_tokens` integer NOT NULL,
	`role` text NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `affected_list`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_affected_response`("id", "list_id", "tenant_key", "request_id", "occurred_at", "prompt_tokens", "role") SELECT r."id", l."id", r."tenant_key", r."request_id", r."occurred_at", r."prompt_tokens", r."role" FROM `affected_response` r JOIN `affected_list` l ON l."incident_id" = r."incident_id" AND l."state" = 'live';--> statement-breakpoint
DROP TABLE `affected_response`;--> statement-breakpoint
ALTER TABLE `__new_affected_response` RENAME TO `affected_response`;--> statement-breakpoint
CREATE UNIQUE INDEX `affected_response_list_id_tenant_key_request_id_role_idx` ON `affected_response` (`list_id`,`tenant_key`,`request_id`,`role`);--> statement-breakpoint
CREATE INDEX `affected_response_lookup_idx` ON `affected_response` (`list_id`,`tenant_key`,`occurred_at`,`request_id`,`prompt_tokens`,`role`);--> statement-breakpoint
CREATE TABLE `__new_incident` (
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
	`is_attack` integer,
	`attack_note` text,
	`context_title` text,
	`published` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_incident`("id", "slug", "title", "summary", "provider", "service", "model", "status", "severity", "impact", "cause", "is_attack", "attack_note", "context_title", "published", "version", "created_at", "updated_at") SELECT "id", "slug", "title", "summary", "provider", "service", "model", "status", "severity", "impact", "cause", "is_attack", "attack_note", CASE WHEN EXISTS (SELECT 1 FROM `context_fact` c WHERE c."incident_id" = `incident`."id") THEN 'The model' END, "published", "version", "created_at", "updated_at" FROM `incident`;--> statement-breakpoint
DROP TABLE `incident`;--> statement-breakpoint
ALTER TABLE `__new_incident` RENAME TO `incident`;--> statement-breakpoint
CREATE UNIQUE INDEX `incident_slug_idx` ON `incident` (`slug`);--> statement-breakpoint
ALTER TABLE `duration_claim` ADD `role` text;--> statement-breakpoint
CREATE UNIQUE INDEX `duration_claim_incident_id_role_idx` ON `duration_claim` (`incident_id`,`role`);--> statement-breakpoint
-- Version 1 found the headline durations by these keys; the role now says it.
UPDATE `duration_claim` SET `role` = 'exposure' WHERE `key` = 'exposure-window';--> statement-breakpoint
UPDATE `duration_claim` SET `role` = 'outage' WHERE `key` = 'outage';--> statement-breakpoint
CREATE TABLE `__new_figure` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`position` integer NOT NULL,
	`value` text NOT NULL,
	`unit` text,
	`label` text NOT NULL,
	`note` text,
	`headline` integer DEFAULT false NOT NULL,
	`threshold` integer,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "figure_threshold_positive" CHECK("threshold" IS NULL OR "threshold" > 0)
);
--> statement-breakpoint
INSERT INTO `__new_figure`("id", "incident_id", "position", "value", "unit", "label", "note", "headline", "threshold") SELECT "id", "incident_id", "position", "value", "unit", "label", "note", "position" < 2, NULL FROM `figure`;--> statement-breakpoint
DROP TABLE `figure`;--> statement-breakpoint
ALTER TABLE `__new_figure` RENAME TO `figure`;--> statement-breakpoint
CREATE INDEX `figure_incident_id_position_idx` ON `figure` (`incident_id`,`position`);