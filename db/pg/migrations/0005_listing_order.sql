-- The lists' order, newest first with an incident not yet dated last (db/read/listing.ts), in an index of
-- PostgreSQL's own: SQLite's incident_listing_idx runs the other way and puts NULLs first, so a page
-- would sort every published incident; read forwards or backwards, this gives a page its rows alone.
CREATE INDEX incident_listing_order_idx ON incident (published, latest_at DESC NULLS LAST, slug);
