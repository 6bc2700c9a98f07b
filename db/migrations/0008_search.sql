-- Full-text search over the record (issue 12): one FTS5 table, kept in step with its sources by
-- triggers, so no writer can forget it. A row's rowid is the source row's id * 4 + its kind
-- (0 incident, 1 event, 2 source, 3 finding): found, replaced and deleted by rowid.
CREATE VIRTUAL TABLE `search_text` USING fts5(`kind` UNINDEXED, `incident_id` UNINDEXED, `ref` UNINDEXED, `title`, `body`, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `search_text` (`rowid`, `kind`, `incident_id`, `ref`, `title`, `body`)
  SELECT `id` * 4, 'incident', `id`, `slug`, `title`, concat_ws(' ', `summary`, `provider`, `service`, `model`, `impact`, `cause`, `attack_note`) FROM `incident`;
--> statement-breakpoint
INSERT INTO `search_text` (`rowid`, `kind`, `incident_id`, `ref`, `title`, `body`)
  SELECT `id` * 4 + 1, 'event', `incident_id`, `key`, `title`, coalesce(`detail`, '') FROM `event`;
--> statement-breakpoint
INSERT INTO `search_text` (`rowid`, `kind`, `incident_id`, `ref`, `title`, `body`)
  SELECT `id` * 4 + 2, 'source', `incident_id`, `number`, `title`, concat_ws(' ', `publisher`, `author`, `note`) FROM `source`;
--> statement-breakpoint
INSERT INTO `search_text` (`rowid`, `kind`, `incident_id`, `ref`, `title`, `body`)
  SELECT `id` * 4 + 3, 'finding', `incident_id`, `position`, `assessor`, `statement` FROM `finding`;
--> statement-breakpoint
CREATE TRIGGER `search_incident_insert` AFTER INSERT ON `incident` BEGIN
  INSERT INTO `search_text` (`rowid`, `kind`, `incident_id`, `ref`, `title`, `body`)
    VALUES (new.`id` * 4, 'incident', new.`id`, new.`slug`, new.`title`, concat_ws(' ', new.`summary`, new.`provider`, new.`service`, new.`model`, new.`impact`, new.`cause`, new.`attack_note`));
END;
--> statement-breakpoint
CREATE TRIGGER `search_incident_update` AFTER UPDATE ON `incident` BEGIN
  DELETE FROM `search_text` WHERE `rowid` = old.`id` * 4;
  INSERT INTO `search_text` (`rowid`, `kind`, `incident_id`, `ref`, `title`, `body`)
    VALUES (new.`id` * 4, 'incident', new.`id`, new.`slug`, new.`title`, concat_ws(' ', new.`summary`, new.`provider`, new.`service`, new.`model`, new.`impact`, new.`cause`, new.`attack_note`));
END;
--> statement-breakpoint
CREATE TRIGGER `search_incident_delete` AFTER DELETE ON `incident` BEGIN
  DELETE FROM `search_text` WHERE `rowid` = old.`id` * 4;
END;
--> statement-breakpoint
CREATE TRIGGER `search_event_insert` AFTER INSERT ON `event` BEGIN
  INSERT INTO `search_text` (`rowid`, `kind`, `incident_id`, `ref`, `title`, `body`)
    VALUES (new.`id` * 4 + 1, 'event', new.`incident_id`, new.`key`, new.`title`, coalesce(new.`detail`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `search_event_update` AFTER UPDATE ON `event` BEGIN
  DELETE FROM `search_text` WHERE `rowid` = old.`id` * 4 + 1;
  INSERT INTO `search_text` (`rowid`, `kind`, `incident_id`, `ref`, `title`, `body`)
    VALUES (new.`id` * 4 + 1, 'event', new.`incident_id`, new.`key`, new.`title`, coalesce(new.`detail`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `search_event_delete` AFTER DELETE ON `event` BEGIN
  DELETE FROM `search_text` WHERE `rowid` = old.`id` * 4 + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_source_insert` AFTER INSERT ON `source` BEGIN
  INSERT INTO `search_text` (`rowid`, `kind`, `incident_id`, `ref`, `title`, `body`)
    VALUES (new.`id` * 4 + 2, 'source', new.`incident_id`, new.`number`, new.`title`, concat_ws(' ', new.`publisher`, new.`author`, new.`note`));
END;
--> statement-breakpoint
CREATE TRIGGER `search_source_update` AFTER UPDATE ON `source` BEGIN
  DELETE FROM `search_text` WHERE `rowid` = old.`id` * 4 + 2;
  INSERT INTO `search_text` (`rowid`, `kind`, `incident_id`, `ref`, `title`, `body`)
    VALUES (new.`id` * 4 + 2, 'source', new.`incident_id`, new.`number`, new.`title`, concat_ws(' ', new.`publisher`, new.`author`, new.`note`));
END;
--> statement-breakpoint
CREATE TRIGGER `search_source_delete` AFTER DELETE ON `source` BEGIN
  DELETE FROM `search_text` WHERE `rowid` = old.`id` * 4 + 2;
END;
--> statement-breakpoint
CREATE TRIGGER `search_finding_insert` AFTER INSERT ON `finding` BEGIN
  INSERT INTO `search_text` (`rowid`, `kind`, `incident_id`, `ref`, `title`, `body`)
    VALUES (new.`id` * 4 + 3, 'finding', new.`incident_id`, new.`position`, new.`assessor`, new.`statement`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_finding_update` AFTER UPDATE ON `finding` BEGIN
  DELETE FROM `search_text` WHERE `rowid` = old.`id` * 4 + 3;
  INSERT INTO `search_text` (`rowid`, `kind`, `incident_id`, `ref`, `title`, `body`)
    VALUES (new.`id` * 4 + 3, 'finding', new.`incident_id`, new.`position`, new.`assessor`, new.`statement`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_finding_delete` AFTER DELETE ON `finding` BEGIN
  DELETE FROM `search_text` WHERE `rowid` = old.`id` * 4 + 3;
END;
