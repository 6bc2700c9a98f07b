-- The generation every page and lookup checks (db/pg/generation.ts): a counter that each audit entry
-- moves on. Its one row is locked from the entry until the transaction ends, so changes take their
-- numbers in the order they commit; the newest audit id would not do, since ids are taken in the
-- order of the inserts and a later one may commit first.
CREATE TABLE aftermath_generation (id integer PRIMARY KEY CHECK (id = 1), n bigint NOT NULL);
--> statement-breakpoint
INSERT INTO aftermath_generation (id, n) VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION aftermath_next_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE aftermath_generation SET n = n + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_entry_generation AFTER INSERT ON audit_entry FOR EACH ROW EXECUTE FUNCTION aftermath_next_generation();
