-- The audit log is append-only: nothing may rewrite or remove what it recorded.
CREATE TRIGGER `audit_entry_no_update` BEFORE UPDATE ON `audit_entry`
BEGIN
  SELECT RAISE(ABORT, 'audit_entry is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_entry_no_delete` BEFORE DELETE ON `audit_entry`
BEGIN
  SELECT RAISE(ABORT, 'audit_entry is append-only');
END;
