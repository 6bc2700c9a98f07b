-- Issue 22: the record in more than one language (translation; the language of an incident's own texts), and the language a subscriber signed up in.
CREATE TABLE `translation` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`subject` text NOT NULL,
	`subject_id` integer NOT NULL,
	`field` text NOT NULL,
	`locale` text NOT NULL,
	`text` text NOT NULL,
	`original` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incident`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `translation_subject_subject_id_field_locale_idx` ON `translation` (`subject`,`subject_id`,`field`,`locale`);--> statement-breakpoint
CREATE INDEX `translation_incident_id_locale_idx` ON `translation` (`incident_id`,`locale`);--> statement-breakpoint
ALTER TABLE `incident` ADD `text_locale` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriber` ADD `locale` text DEFAULT 'en' NOT NULL;