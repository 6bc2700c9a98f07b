import "server-only";
import { z } from "zod";
import { incidentDocumentSchema, SCHEMA_VERSION } from "@/domain/record/document";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";
import { type StoredRecord, incidentView } from "@/view/incident";
import { type CardView, newestFirst } from "@/view/card";
import { type AtomOptions, renderAtomFeed } from "./atom";
import { type ExportedRecord, buildDocument } from "./document";
import { overlayRecord } from "@/domain/record/translation-overlay";
import { renderIncidentHtml, renderIndexHtml } from "./html";
import { renderMarkdown } from "./markdown";

export const INCIDENT_SCHEMA_FILE = "incident.schema.json";

/** The JSON Schema of incident.json, generated from the same zod schema the import validates with. */
export function incidentJsonSchema(): string {
  const schema = z.toJSONSchema(incidentDocumentSchema, { io: "input", unrepresentable: "any" });
  return JSON.stringify({ ...schema, title: "Aftermath incident export" }, null, 2) + "\n";
}

/** The record as a reader of `locale` reads it (translation-overlay.ts), for its files and its card on the index; the JSON keeps its own texts, with every translation beside. */
export const inLocale = (s: ExportedRecord & StoredRecord, locale: Locale): StoredRecord => ({ ...s, record: overlayRecord(s.record, s.textLocale ?? DEFAULT_LOCALE, s.translations ?? {}, locale) });

/** An incident's files: each name inside incidents/<slug>/ with its content type, and what makes it in a language (the JSON and its schema are the same in every one). */
const INCIDENT_FILES = {
  "index.html": { type: "text/html; charset=utf-8", make: (s: ExportedRecord & StoredRecord, locale: Locale) => renderIncidentHtml(incidentView(inLocale(s, locale), locale), SCHEMA_VERSION) },
  "postmortem.md": { type: "text/markdown; charset=utf-8", make: (s: ExportedRecord & StoredRecord, locale: Locale) => renderMarkdown(incidentView(inLocale(s, locale), locale), SCHEMA_VERSION) },
  "incident.json": {
    type: "application/json",
    make: (s: ExportedRecord) => JSON.stringify({ $schema: `./${INCIDENT_SCHEMA_FILE}`, ...buildDocument(s) }, null, 2) + "\n",
  },
  [INCIDENT_SCHEMA_FILE]: { type: "application/schema+json", make: () => incidentJsonSchema() },
} as const;
export type IncidentFile = keyof typeof INCIDENT_FILES;

/** Every file of one incident's export in a language, by its name inside incidents/<slug>/. */
export function incidentFiles(stored: ExportedRecord & StoredRecord, locale: Locale): Record<IncidentFile, string> {
  return {
    "index.html": INCIDENT_FILES["index.html"].make(stored, locale),
    "postmortem.md": INCIDENT_FILES["postmortem.md"].make(stored, locale),
    "incident.json": INCIDENT_FILES["incident.json"].make(stored),
    [INCIDENT_SCHEMA_FILE]: INCIDENT_FILES[INCIDENT_SCHEMA_FILE].make(),
  };
}

/** Entries in a page of the feed, and incidents on a page of the export's index (the app's front page shows its own number). */
export const FEED_ENTRIES = 50;
export const INDEX_CARDS = 20;

const nth = (base: string, ext: string) => (n: number) => (n === 1 ? `${base}.${ext}` : `${base}-${n}.${ext}`);
const indexName = nth("index", "html");
const feedName = nth("feed", "xml");

/** Cut into pages of `size`; an empty list is one empty page. */
function pagesOf<T>(items: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages.length ? pages : [[]];
}

/** The export's index and feed in the cards' language, newest first, in pages: index.html, index-2.html…; feed.xml, feed-2.xml… (RFC 5005 paged). */
export function siteFiles(cards: CardView[], baseUrl: string, locale: Locale): Record<string, string> {
  // Another language's files go in its own folder (ru/); the JSON, the same in every language, stays at the top.
  const neutral = locale === DEFAULT_LOCALE ? "" : "../";
  const sorted = newestFirst(cards);
  const files: Record<string, string> = {};
  const index = pagesOf(sorted, INDEX_CARDS);
  index.forEach((page, i) => {
    const number = i + 1;
    const paging = { number, of: index.length, previous: number > 1 ? indexName(number - 1) : null, next: number < index.length ? indexName(number + 1) : null };
    files[indexName(number)] = renderIndexHtml(page, { feedHref: "feed.xml", paging, locale, neutral });
  });
  const feed = pagesOf(sorted, FEED_ENTRIES);
  feed.forEach((page, i) => {
    const number = i + 1;
    const at = (n: number) => `${baseUrl}${feedName(n)}`;
    const pages = { first: at(1), previous: number > 1 ? at(number - 1) : null, next: number < feed.length ? at(number + 1) : null };
    files[feedName(number)] = renderAtomFeed(page, { baseUrl, feedUrl: at(number), pages, locale });
  });
  return files;
}

/** One of an incident's files as the app serves it at /incidents/<slug>/<name>, its HTML and Markdown in `locale` (at /ru/incidents/…, Russian). */
export function incidentFile(stored: ExportedRecord & StoredRecord, name: IncidentFile, locale: Locale): { body: string; type: string } {
  const file = INCIDENT_FILES[name];
  return { body: file.make(stored, locale), type: file.type };
}

/** /feed.xml (/ru/feed.xml) and its older pages: the export's feed, its links relative to the feed's own address, so they keep its language. */
export function feedFile(cards: CardView[], locale: Locale, pages?: AtomOptions["pages"], self = "feed.xml"): { body: string; type: string } {
  return { body: renderAtomFeed(cards, { baseUrl: "", feedUrl: self, pages, locale }), type: "application/atom+xml; charset=utf-8" };
}
