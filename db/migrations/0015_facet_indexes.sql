-- The front page's facets (issue 20) are counted from these indexes, not from incident's wide rows.
CREATE INDEX `incident_provider_idx` ON `incident` (`published`,`provider`);--> statement-breakpoint
CREATE INDEX `incident_kind_idx` ON `incident` (`published`,`kind`);--> statement-breakpoint
CREATE INDEX `incident_status_idx` ON `incident` (`published`,`status`);