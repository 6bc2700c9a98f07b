-- The record's queries are written once, in drizzle's SQLite dialect (docs/postgres.md). Two of SQLite's ways
-- that text relies on, given to PostgreSQL here: an insert names every column, a new row's id as NULL
-- (SQLite then takes the next one), and the default instant is strftime('%Y-%m-%dT%H:%M:%fZ', 'now').
CREATE FUNCTION aftermath_next_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id IS NULL THEN NEW.id := nextval(TG_ARGV[0]); END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- SQLite's now is the statement's time; only the one format the schema and the queries use is known.
CREATE FUNCTION strftime(format text, at text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF format = '%Y-%m-%dT%H:%M:%fZ' AND at = 'now' THEN
    RETURN to_char(statement_timestamp() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  END IF;
  RAISE EXCEPTION 'strftime(%, %) has no PostgreSQL form in Aftermath', format, at;
END $$;
--> statement-breakpoint
CREATE TRIGGER incident_next_id BEFORE INSERT ON "incident" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('incident_id_seq');
--> statement-breakpoint
CREATE TRIGGER affected_list_next_id BEFORE INSERT ON "affected_list" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('affected_list_id_seq');
--> statement-breakpoint
CREATE TRIGGER affected_response_next_id BEFORE INSERT ON "affected_response" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('affected_response_id_seq');
--> statement-breakpoint
CREATE TRIGGER api_token_next_id BEFORE INSERT ON "api_token" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('api_token_id_seq');
--> statement-breakpoint
CREATE TRIGGER audit_entry_next_id BEFORE INSERT ON "audit_entry" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('audit_entry_id_seq');
--> statement-breakpoint
CREATE TRIGGER source_next_id BEFORE INSERT ON "source" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('source_id_seq');
--> statement-breakpoint
CREATE TRIGGER citation_next_id BEFORE INSERT ON "citation" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('citation_id_seq');
--> statement-breakpoint
CREATE TRIGGER context_fact_next_id BEFORE INSERT ON "context_fact" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('context_fact_id_seq');
--> statement-breakpoint
CREATE TRIGGER event_next_id BEFORE INSERT ON "event" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('event_id_seq');
--> statement-breakpoint
CREATE TRIGGER duration_claim_next_id BEFORE INSERT ON "duration_claim" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('duration_claim_id_seq');
--> statement-breakpoint
CREATE TRIGGER figure_next_id BEFORE INSERT ON "figure" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('figure_id_seq');
--> statement-breakpoint
CREATE TRIGGER finding_next_id BEFORE INSERT ON "finding" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('finding_id_seq');
--> statement-breakpoint
CREATE TRIGGER finding_reaction_next_id BEFORE INSERT ON "finding_reaction" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('finding_reaction_id_seq');
--> statement-breakpoint
CREATE TRIGGER incident_update_next_id BEFORE INSERT ON "incident_update" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('incident_update_id_seq');
--> statement-breakpoint
CREATE TRIGGER lookup_key_next_id BEFORE INSERT ON "lookup_key" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('lookup_key_id_seq');
--> statement-breakpoint
CREATE TRIGGER notice_next_id BEFORE INSERT ON "notice" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('notice_id_seq');
--> statement-breakpoint
CREATE TRIGGER subscriber_next_id BEFORE INSERT ON "subscriber" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('subscriber_id_seq');
--> statement-breakpoint
CREATE TRIGGER outbox_message_next_id BEFORE INSERT ON "outbox_message" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('outbox_message_id_seq');
--> statement-breakpoint
CREATE TRIGGER recommendation_next_id BEFORE INSERT ON "recommendation" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('recommendation_id_seq');
--> statement-breakpoint
CREATE TRIGGER user_next_id BEFORE INSERT ON "user" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('user_id_seq');
--> statement-breakpoint
CREATE TRIGGER translation_next_id BEFORE INSERT ON "translation" FOR EACH ROW EXECUTE FUNCTION aftermath_next_id('translation_id_seq');
