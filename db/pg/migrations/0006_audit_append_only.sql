-- The audit log is append-only, as on SQLite (its migration 0003): nothing may rewrite or remove what it recorded.
CREATE FUNCTION aftermath_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entry is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_entry_no_update BEFORE UPDATE ON audit_entry FOR EACH ROW EXECUTE FUNCTION aftermath_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_entry_no_delete BEFORE DELETE ON audit_entry FOR EACH ROW EXECUTE FUNCTION aftermath_audit_append_only();
--> statement-breakpoint
-- TRUNCATE skips row triggers.
CREATE TRIGGER audit_entry_no_truncate BEFORE TRUNCATE ON audit_entry FOR EACH STATEMENT EXECUTE FUNCTION aftermath_audit_append_only();
