-- Search in every language of the record (issue 22): each text of an incident, an event, a source
-- or a finding, in the record's own language (locale '') or a translation's, is a row of search_doc;
-- search_stem (FTS5, contentless) indexes its words' stems, made by aftermath_stems (lib/stem.ts,
-- which openDatabase registers on every connection). Triggers keep both in step with the record's
-- tables and with translation, so no writer can forget them; a connection without the function
-- cannot change a searched text (it fails, never leaves the index behind).
DROP TRIGGER `search_incident_insert`;
--> statement-breakpoint
DROP TRIGGER `search_incident_update`;
--> statement-breakpoint
DROP TRIGGER `search_incident_delete`;
--> statement-breakpoint
DROP TRIGGER `search_event_insert`;
--> statement-breakpoint
DROP TRIGGER `search_event_update`;
--> statement-breakpoint
DROP TRIGGER `search_event_delete`;
--> statement-breakpoint
DROP TRIGGER `search_source_insert`;
--> statement-breakpoint
DROP TRIGGER `search_source_update`;
--> statement-breakpoint
DROP TRIGGER `search_source_delete`;
--> statement-breakpoint
DROP TRIGGER `search_finding_insert`;
--> statement-breakpoint
DROP TRIGGER `search_finding_update`;
--> statement-breakpoint
DROP TRIGGER `search_finding_delete`;
--> statement-breakpoint
DROP TABLE `search_text`;
--> statement-breakpoint
CREATE TABLE `search_doc` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject_id` integer NOT NULL,
	`locale` text NOT NULL,
	`incident_id` integer NOT NULL,
	`ref` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_doc_kind_subject_id_locale_idx` ON `search_doc` (`kind`, `subject_id`, `locale`);
--> statement-breakpoint
CREATE INDEX `search_doc_incident_id_idx` ON `search_doc` (`incident_id`);
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_stem` USING fts5(`title`, `body`, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `search_doc_insert` AFTER INSERT ON `search_doc` BEGIN
  INSERT INTO `search_stem` (`rowid`, `title`, `body`) VALUES (new.`id`, aftermath_stems(new.`title`), aftermath_stems(new.`body`));
END;
--> statement-breakpoint
CREATE TRIGGER `search_doc_update` AFTER UPDATE OF `title`, `body` ON `search_doc` WHEN old.`title` IS NOT new.`title` OR old.`body` IS NOT new.`body` BEGIN
  DELETE FROM `search_stem` WHERE `rowid` = old.`id`;
  INSERT INTO `search_stem` (`rowid`, `title`, `body`) VALUES (new.`id`, aftermath_stems(new.`title`), aftermath_stems(new.`body`));
END;
--> statement-breakpoint
CREATE TRIGGER `search_doc_delete` AFTER DELETE ON `search_doc` BEGIN
  DELETE FROM `search_stem` WHERE `rowid` = old.`id`;
END;
--> statement-breakpoint
-- A translated subject's texts in one language: its title field (a finding's assessor) and the rest.
CREATE VIEW `search_translated` AS
  SELECT t.`subject`, t.`subject_id`, t.`locale`, CASE t.`subject` WHEN 'incident' THEN 'incident' WHEN 'events' THEN 'event' WHEN 'sources' THEN 'source' WHEN 'findings' THEN 'finding' END AS `kind`,
    coalesce(max(CASE WHEN t.`field` = iif(t.`subject` = 'findings', 'assessor', 'title') THEN t.`text` END), '') AS `title`,
    coalesce(group_concat(CASE WHEN t.`field` <> iif(t.`subject` = 'findings', 'assessor', 'title') THEN t.`text` END, ' ' ORDER BY t.`field`), '') AS `body`
  FROM `translation` t WHERE t.`subject` IN ('incident', 'events', 'sources', 'findings') AND t.`locale` <> ''
  GROUP BY t.`subject`, t.`subject_id`, t.`locale`;
--> statement-breakpoint
-- A procedure: inserting a text of the record's own here writes its row of search_doc (or changes it),
-- and gives its translations' rows its new ref (an event's key, a source's number).
CREATE VIEW `search_own` AS SELECT `kind`, `subject_id`, `incident_id`, `ref`, `title`, `body` FROM `search_doc` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `search_own_insert` INSTEAD OF INSERT ON `search_own` BEGIN
  INSERT INTO `search_doc` (`kind`, `subject_id`, `locale`, `incident_id`, `ref`, `title`, `body`)
    VALUES (new.`kind`, new.`subject_id`, '', new.`incident_id`, new.`ref`, new.`title`, new.`body`)
    ON CONFLICT (`kind`, `subject_id`, `locale`) DO UPDATE SET `ref` = excluded.`ref`, `title` = excluded.`title`, `body` = excluded.`body`;
  UPDATE `search_doc` SET `ref` = new.`ref` WHERE `kind` = new.`kind` AND `subject_id` = new.`subject_id` AND `locale` <> '' AND `ref` <> new.`ref`;
END;
--> statement-breakpoint
INSERT INTO `search_own` SELECT 'incident', r.`id`, r.`id`, r.`slug`, r.`title`, concat_ws(' ', r.`summary`, r.`provider`, r.`service`, r.`model`, r.`impact`, r.`cause`, r.`attack_note`) FROM `incident` r;
--> statement-breakpoint
CREATE TRIGGER `search_incident_insert` AFTER INSERT ON `incident` BEGIN
  INSERT INTO `search_own` VALUES ('incident', new.`id`, new.`id`, new.`slug`, new.`title`, concat_ws(' ', new.`summary`, new.`provider`, new.`service`, new.`model`, new.`impact`, new.`cause`, new.`attack_note`));
END;
--> statement-breakpoint
CREATE TRIGGER `search_incident_update` AFTER UPDATE OF `slug`, `title`, `summary`, `provider`, `service`, `model`, `impact`, `cause`, `attack_note` ON `incident` BEGIN
  INSERT INTO `search_own` VALUES ('incident', new.`id`, new.`id`, new.`slug`, new.`title`, concat_ws(' ', new.`summary`, new.`provider`, new.`service`, new.`model`, new.`impact`, new.`cause`, new.`attack_note`));
END;
--> statement-breakpoint
CREATE TRIGGER `search_incident_delete` AFTER DELETE ON `incident` BEGIN
  DELETE FROM `search_doc` WHERE `incident_id` = old.`id`;
END;
--> statement-breakpoint
INSERT INTO `search_own` SELECT 'event', r.`id`, r.`incident_id`, r.`key`, r.`title`, coalesce(r.`detail`, '') FROM `event` r;
--> statement-breakpoint
CREATE TRIGGER `search_event_insert` AFTER INSERT ON `event` BEGIN
  INSERT INTO `search_own` VALUES ('event', new.`id`, new.`incident_id`, new.`key`, new.`title`, coalesce(new.`detail`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `search_event_update` AFTER UPDATE OF `key`, `title`, `detail` ON `event` BEGIN
  INSERT INTO `search_own` VALUES ('event', new.`id`, new.`incident_id`, new.`key`, new.`title`, coalesce(new.`detail`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `search_event_delete` AFTER DELETE ON `event` BEGIN
  DELETE FROM `search_doc` WHERE `kind` = 'event' AND `subject_id` = old.`id`;
END;
--> statement-breakpoint
INSERT INTO `search_own` SELECT 'source', r.`id`, r.`incident_id`, CAST(r.`number` AS TEXT), r.`title`, concat_ws(' ', r.`publisher`, r.`author`, r.`note`) FROM `source` r;
--> statement-breakpoint
CREATE TRIGGER `search_source_insert` AFTER INSERT ON `source` BEGIN
  INSERT INTO `search_own` VALUES ('source', new.`id`, new.`incident_id`, CAST(new.`number` AS TEXT), new.`title`, concat_ws(' ', new.`publisher`, new.`author`, new.`note`));
END;
--> statement-breakpoint
CREATE TRIGGER `search_source_update` AFTER UPDATE OF `number`, `title`, `publisher`, `author`, `note` ON `source` BEGIN
  INSERT INTO `search_own` VALUES ('source', new.`id`, new.`incident_id`, CAST(new.`number` AS TEXT), new.`title`, concat_ws(' ', new.`publisher`, new.`author`, new.`note`));
END;
--> statement-breakpoint
CREATE TRIGGER `search_source_delete` AFTER DELETE ON `source` BEGIN
  DELETE FROM `search_doc` WHERE `kind` = 'source' AND `subject_id` = old.`id`;
END;
--> statement-breakpoint
INSERT INTO `search_own` SELECT 'finding', r.`id`, r.`incident_id`, CAST(r.`position` AS TEXT), r.`assessor`, r.`statement` FROM `finding` r;
--> statement-breakpoint
CREATE TRIGGER `search_finding_insert` AFTER INSERT ON `finding` BEGIN
  INSERT INTO `search_own` VALUES ('finding', new.`id`, new.`incident_id`, CAST(new.`position` AS TEXT), new.`assessor`, new.`statement`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_finding_update` AFTER UPDATE OF `position`, `assessor`, `statement` ON `finding` BEGIN
  INSERT INTO `search_own` VALUES ('finding', new.`id`, new.`incident_id`, CAST(new.`position` AS TEXT), new.`assessor`, new.`statement`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_finding_delete` AFTER DELETE ON `finding` BEGIN
  DELETE FROM `search_doc` WHERE `kind` = 'finding' AND `subject_id` = old.`id`;
END;
--> statement-breakpoint
INSERT INTO `search_doc` (`kind`, `subject_id`, `locale`, `incident_id`, `ref`, `title`, `body`)
  SELECT o.`kind`, o.`subject_id`, v.`locale`, o.`incident_id`, o.`ref`, v.`title`, v.`body`
  FROM `search_translated` v JOIN `search_doc` o ON o.`kind` = v.`kind` AND o.`subject_id` = v.`subject_id` AND o.`locale` = '';
--> statement-breakpoint
-- A procedure: inserting (subject, subject_id, locale) here makes that subject's translated text in that
-- language again from its translation rows (the triggers below call it).
CREATE VIEW `search_refresh` AS SELECT `subject`, `subject_id`, `locale` FROM `translation` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `search_refresh_insert` INSTEAD OF INSERT ON `search_refresh` BEGIN
  DELETE FROM `search_doc` WHERE `kind` = (CASE new.`subject` WHEN 'incident' THEN 'incident' WHEN 'events' THEN 'event' WHEN 'sources' THEN 'source' WHEN 'findings' THEN 'finding' END) AND `subject_id` = new.`subject_id` AND `locale` = new.`locale`;
  INSERT INTO `search_doc` (`kind`, `subject_id`, `locale`, `incident_id`, `ref`, `title`, `body`)
    SELECT o.`kind`, o.`subject_id`, v.`locale`, o.`incident_id`, o.`ref`, v.`title`, v.`body`
    FROM `search_translated` v JOIN `search_doc` o ON o.`kind` = v.`kind` AND o.`subject_id` = v.`subject_id` AND o.`locale` = ''
    WHERE v.`subject` = new.`subject` AND v.`subject_id` = new.`subject_id` AND v.`locale` = new.`locale`;
END;
--> statement-breakpoint
CREATE TRIGGER `search_translation_insert` AFTER INSERT ON `translation` WHEN new.`subject` IN ('incident', 'events', 'sources', 'findings') BEGIN
  INSERT INTO `search_refresh` (`subject`, `subject_id`, `locale`) VALUES (new.`subject`, new.`subject_id`, new.`locale`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_translation_update` AFTER UPDATE ON `translation` WHEN old.`subject` IN ('incident', 'events', 'sources', 'findings') OR new.`subject` IN ('incident', 'events', 'sources', 'findings') BEGIN
  INSERT INTO `search_refresh` (`subject`, `subject_id`, `locale`) VALUES (old.`subject`, old.`subject_id`, old.`locale`);
  INSERT INTO `search_refresh` (`subject`, `subject_id`, `locale`) VALUES (new.`subject`, new.`subject_id`, new.`locale`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_translation_delete` AFTER DELETE ON `translation` WHEN old.`subject` IN ('incident', 'events', 'sources', 'findings') BEGIN
  INSERT INTO `search_refresh` (`subject`, `subject_id`, `locale`) VALUES (old.`subject`, old.`subject_id`, old.`locale`);
END;