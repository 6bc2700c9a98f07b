-- Search on PostgreSQL (docs/postgres.md), as SQLite's migration 0018 gives it with FTS5: each text of an
-- incident, an event, a source or a finding, in the record's own language (locale '') or a
-- translation's, is a row of search_doc, kept in step with the record's tables and with translation
-- by the triggers below, so no writer can forget it. Its stems are a tsvector made in the text's
-- language's configuration: English stemming, or Russian (whose words in Latin letters stem as
-- English, as lib/stem.ts picks a stemmer by a word's script), under a GIN index.
-- The configurations are English's and Russian's with no stop words: SQLite's index holds every
-- word, so "the leak" finds a text that says it on either engine.
CREATE TEXT SEARCH DICTIONARY aftermath_english_stem (TEMPLATE = snowball, Language = english);
--> statement-breakpoint
CREATE TEXT SEARCH DICTIONARY aftermath_russian_stem (TEMPLATE = snowball, Language = russian);
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION aftermath_english (COPY = english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION aftermath_english ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH aftermath_english_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION aftermath_russian (COPY = russian);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION aftermath_russian ALTER MAPPING FOR asciiword, asciihword, hword_asciipart WITH aftermath_english_stem;
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION aftermath_russian ALTER MAPPING FOR word, hword, hword_part WITH aftermath_russian_stem;
--> statement-breakpoint
-- The configuration of a text in a language.
CREATE FUNCTION aftermath_search_config(locale text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN locale = 'ru' THEN 'aftermath_russian'::regconfig ELSE 'aftermath_english'::regconfig END
$$;
--> statement-breakpoint
-- A text as lib/stem.ts folds it: lower case, compatibility forms joined, accents and stress marks
-- dropped (ё as е) but й kept; every run of what is not a letter or a digit a space, so the parser
-- sees words only, as search's WORD does (not hosts, paths or versions). The database's LC_CTYPE must
-- be a UTF-8 locale (C.UTF-8, en_US.UTF-8): under plain C, Cyrillic is neither a letter nor lower-cased.
CREATE FUNCTION aftermath_search_text(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    lower(normalize(regexp_replace(regexp_replace(normalize(lower(coalesce(t, '')), NFKD), 'и\u0306', 'й', 'g'),
      '[\u0300-\u036f\u0483-\u0489\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'), NFKC)),
    '[^[:alnum:]]+', ' ', 'g')
$$;
--> statement-breakpoint
-- Snowball's Russian leaves the genitive plural's fleeting vowel (утечек, ошибок): a long Cyrillic stem
-- ending consonant + е/о + к drops it, so утечек meets утечка (lib/stem.ts does the same).
CREATE FUNCTION aftermath_search_stem(stem text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN char_length(stem) >= 5 AND stem ~ '^[\u0400-\u04ff]+$' THEN regexp_replace(stem, '([бвгджзклмнпрстфхцчшщ])[ео]к$', '\1к') ELSE stem END
$$;
--> statement-breakpoint
-- A lexeme quoted for a tsvector's or a tsquery's text.
CREATE FUNCTION aftermath_search_quoted(lexeme text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT '''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || ''''
$$;
--> statement-breakpoint
-- A text's stems, title then body, in a configuration.
CREATE FUNCTION aftermath_search_vector(config regconfig, title text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    (SELECT string_agg(aftermath_search_quoted(aftermath_search_stem(u.lexeme)) || ':' || array_to_string(u.positions, ','), ' ')
      FROM unnest(to_tsvector(config, aftermath_search_text(title)) || to_tsvector(config, aftermath_search_text(body))) u)::tsvector,
    ''::tsvector)
$$;
--> statement-breakpoint
-- One searched word's stems in a configuration, all required (a word the parser splits is several); null when it has none.
CREATE FUNCTION aftermath_search_word(config regconfig, word text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(aftermath_search_quoted(aftermath_search_stem(u.lexeme)), ' & ')::tsquery FROM unnest(to_tsvector(config, aftermath_search_text(word))) u
$$;
--> statement-breakpoint
-- A search's words (folded by lib/stem.ts, a space apart) as FTS5's query is on SQLite (lib/search-query.ts):
-- every word required, each as its stem (in either language's configuration: a text is stemmed in its
-- own) or as a word that begins as it was typed. No word: null, which matches nothing.
CREATE FUNCTION aftermath_search_query(words text) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  q tsquery;
  one tsquery;
  english tsquery;
  russian tsquery;
  w text;
BEGIN
  FOREACH w IN ARRAY regexp_split_to_array(words, ' ') LOOP
    CONTINUE WHEN w = '';
    one := (aftermath_search_quoted(w) || ':*')::tsquery;
    english := aftermath_search_word('aftermath_english', w);
    russian := aftermath_search_word('aftermath_russian', w);
    IF english IS NOT NULL THEN one := english || one; END IF;
    IF russian IS NOT NULL AND russian IS DISTINCT FROM english THEN one := russian || one; END IF;
    q := CASE WHEN q IS NULL THEN one ELSE q && one END;
  END LOOP;
  RETURN q;
END $$;
--> statement-breakpoint
CREATE TABLE search_doc (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  subject_id bigint NOT NULL,
  locale text NOT NULL,
  incident_id bigint NOT NULL,
  ref text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  stems tsvector NOT NULL DEFAULT ''::tsvector
);
--> statement-breakpoint
CREATE UNIQUE INDEX search_doc_kind_subject_id_locale_idx ON search_doc (kind, subject_id, locale);
--> statement-breakpoint
CREATE INDEX search_doc_incident_id_idx ON search_doc (incident_id);
--> statement-breakpoint
CREATE INDEX search_doc_stems_idx ON search_doc USING gin (stems);
--> statement-breakpoint
-- A text's stems, in its language: a translation's, or the record's own (its incident's text_locale).
CREATE FUNCTION aftermath_search_doc_stems() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.stems := aftermath_search_vector(
    aftermath_search_config(CASE WHEN NEW.locale = '' THEN (SELECT i.text_locale FROM incident i WHERE i.id = NEW.incident_id) ELSE NEW.locale END),
    NEW.title, NEW.body);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_doc_insert BEFORE INSERT ON search_doc FOR EACH ROW EXECUTE FUNCTION aftermath_search_doc_stems();
--> statement-breakpoint
CREATE TRIGGER search_doc_update BEFORE UPDATE OF title, body ON search_doc FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.body IS DISTINCT FROM NEW.body) EXECUTE FUNCTION aftermath_search_doc_stems();
--> statement-breakpoint
-- A text of the record's own: its row of search_doc written (or changed), and its translations' rows given its new ref (an event's key, a source's number).
CREATE FUNCTION aftermath_search_own(p_kind text, p_subject bigint, p_incident bigint, p_ref text, p_title text, p_body text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_doc (kind, subject_id, locale, incident_id, ref, title, body) VALUES (p_kind, p_subject, '', p_incident, p_ref, p_title, p_body)
    ON CONFLICT (kind, subject_id, locale) DO UPDATE SET ref = excluded.ref, title = excluded.title, body = excluded.body;
  UPDATE search_doc SET ref = p_ref WHERE kind = p_kind AND subject_id = p_subject AND locale <> '' AND ref <> p_ref;
END $$;
--> statement-breakpoint
-- A subject's translated text in one language made again from its translation rows: its title field (a finding's assessor) and the rest.
CREATE FUNCTION aftermath_search_refresh(p_subject text, p_subject_id bigint, p_locale text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k text := CASE p_subject WHEN 'incident' THEN 'incident' WHEN 'events' THEN 'event' WHEN 'sources' THEN 'source' WHEN 'findings' THEN 'finding' END;
  heading text := CASE WHEN p_subject = 'findings' THEN 'assessor' ELSE 'title' END;
BEGIN
  IF k IS NULL OR p_locale = '' THEN RETURN; END IF;
  DELETE FROM search_doc WHERE kind = k AND subject_id = p_subject_id AND locale = p_locale;
  INSERT INTO search_doc (kind, subject_id, locale, incident_id, ref, title, body)
    SELECT o.kind, o.subject_id, p_locale, o.incident_id, o.ref, v.title, v.body
    FROM (SELECT coalesce(max(CASE WHEN t.field = heading THEN t.text END), '') AS title,
            coalesce(string_agg(CASE WHEN t.field <> heading THEN t.text END, ' ' ORDER BY t.field), '') AS body, count(*) AS n
          FROM translation t WHERE t.subject = p_subject AND t.subject_id = p_subject_id AND t.locale = p_locale) v
    JOIN search_doc o ON o.kind = k AND o.subject_id = p_subject_id AND o.locale = ''
    WHERE v.n > 0;
END $$;
--> statement-breakpoint
-- What the record holds now, for a database migrated with data in it (db:copy migrates an empty one, then the triggers fill it).
INSERT INTO search_doc (kind, subject_id, locale, incident_id, ref, title, body)
  SELECT 'incident', r.id, '', r.id, r.slug, r.title, concat_ws(' ', r.summary, r.provider, r.service, r.model, r.impact, r.cause, r.attack_note) FROM incident r
  UNION ALL SELECT 'event', r.id, '', r.incident_id, r.key, r.title, coalesce(r.detail, '') FROM event r
  UNION ALL SELECT 'source', r.id, '', r.incident_id, CAST(r.number AS text), r.title, concat_ws(' ', r.publisher, r.author, r.note) FROM source r
  UNION ALL SELECT 'finding', r.id, '', r.incident_id, CAST(r.position AS text), r.assessor, r.statement FROM finding r;
--> statement-breakpoint
SELECT aftermath_search_refresh(t.subject, t.subject_id, t.locale) FROM (SELECT DISTINCT subject, subject_id, locale FROM translation) t;
--> statement-breakpoint
CREATE FUNCTION aftermath_search_incident() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM aftermath_search_own('incident', NEW.id, NEW.id, NEW.slug, NEW.title, concat_ws(' ', NEW.summary, NEW.provider, NEW.service, NEW.model, NEW.impact, NEW.cause, NEW.attack_note));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION aftermath_search_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM aftermath_search_own('event', NEW.id, NEW.incident_id, NEW.key, NEW.title, coalesce(NEW.detail, ''));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION aftermath_search_source() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM aftermath_search_own('source', NEW.id, NEW.incident_id, CAST(NEW.number AS text), NEW.title, concat_ws(' ', NEW.publisher, NEW.author, NEW.note));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION aftermath_search_finding() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM aftermath_search_own('finding', NEW.id, NEW.incident_id, CAST(NEW.position AS text), NEW.assessor, NEW.statement);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An item gone: its texts go (TG_ARGV[0] is its kind); an incident gone takes all of its own.
CREATE FUNCTION aftermath_search_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'incident' THEN
    DELETE FROM search_doc WHERE incident_id = OLD.id;
  ELSE
    DELETE FROM search_doc WHERE kind = TG_ARGV[0] AND subject_id = OLD.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An incident's own texts stemmed again in its new language.
CREATE FUNCTION aftermath_search_language() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_doc SET stems = aftermath_search_vector(aftermath_search_config(NEW.text_locale), title, body) WHERE incident_id = NEW.id AND locale = '';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION aftermath_search_translation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM aftermath_search_refresh(OLD.subject, OLD.subject_id, OLD.locale); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM aftermath_search_refresh(NEW.subject, NEW.subject_id, NEW.locale); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_incident_insert AFTER INSERT ON incident FOR EACH ROW EXECUTE FUNCTION aftermath_search_incident();
--> statement-breakpoint
CREATE TRIGGER search_incident_update AFTER UPDATE OF slug, title, summary, provider, service, model, impact, cause, attack_note ON incident FOR EACH ROW EXECUTE FUNCTION aftermath_search_incident();
--> statement-breakpoint
CREATE TRIGGER search_incident_delete AFTER DELETE ON incident FOR EACH ROW EXECUTE FUNCTION aftermath_search_gone('incident');
--> statement-breakpoint
CREATE TRIGGER search_incident_language AFTER UPDATE OF text_locale ON incident FOR EACH ROW WHEN (OLD.text_locale IS DISTINCT FROM NEW.text_locale) EXECUTE FUNCTION aftermath_search_language();
--> statement-breakpoint
CREATE TRIGGER search_event_insert AFTER INSERT ON event FOR EACH ROW EXECUTE FUNCTION aftermath_search_event();
--> statement-breakpoint
CREATE TRIGGER search_event_update AFTER UPDATE OF key, title, detail ON event FOR EACH ROW EXECUTE FUNCTION aftermath_search_event();
--> statement-breakpoint
CREATE TRIGGER search_event_delete AFTER DELETE ON event FOR EACH ROW EXECUTE FUNCTION aftermath_search_gone('event');
--> statement-breakpoint
CREATE TRIGGER search_source_insert AFTER INSERT ON source FOR EACH ROW EXECUTE FUNCTION aftermath_search_source();
--> statement-breakpoint
CREATE TRIGGER search_source_update AFTER UPDATE OF number, title, publisher, author, note ON source FOR EACH ROW EXECUTE FUNCTION aftermath_search_source();
--> statement-breakpoint
CREATE TRIGGER search_source_delete AFTER DELETE ON source FOR EACH ROW EXECUTE FUNCTION aftermath_search_gone('source');
--> statement-breakpoint
CREATE TRIGGER search_finding_insert AFTER INSERT ON finding FOR EACH ROW EXECUTE FUNCTION aftermath_search_finding();
--> statement-breakpoint
CREATE TRIGGER search_finding_update AFTER UPDATE OF position, assessor, statement ON finding FOR EACH ROW EXECUTE FUNCTION aftermath_search_finding();
--> statement-breakpoint
CREATE TRIGGER search_finding_delete AFTER DELETE ON finding FOR EACH ROW EXECUTE FUNCTION aftermath_search_gone('finding');
--> statement-breakpoint
CREATE TRIGGER search_translation_insert AFTER INSERT ON translation FOR EACH ROW
  WHEN (NEW.subject IN ('incident', 'events', 'sources', 'findings')) EXECUTE FUNCTION aftermath_search_translation();
--> statement-breakpoint
CREATE TRIGGER search_translation_update AFTER UPDATE ON translation FOR EACH ROW
  WHEN (OLD.subject IN ('incident', 'events', 'sources', 'findings') OR NEW.subject IN ('incident', 'events', 'sources', 'findings')) EXECUTE FUNCTION aftermath_search_translation();
--> statement-breakpoint
CREATE TRIGGER search_translation_delete AFTER DELETE ON translation FOR EACH ROW
  WHEN (OLD.subject IN ('incident', 'events', 'sources', 'findings')) EXECUTE FUNCTION aftermath_search_translation();
