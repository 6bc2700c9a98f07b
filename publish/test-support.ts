// Shared by the export tests only: the shipped incident as a document, a hostile copy of it, and
// small parsers for checking the output without a DOM.
import { TOKEN_LINES } from "@/view/token-lines";
import { readSeedIncident } from "@/db/seed/read";
import { type IncidentRecord, incidentRecord } from "@/domain/record/record";
import { generateSample } from "@/db/seed/sample";
import { buildDocument, exposureDays, type IncidentDocument, summariseAffected } from "./document";

export const SLUG = "glm-5-3-kv-cache-exposure";
export const tokenLines = TOKEN_LINES;

export function documentOf(record: IncidentRecord): IncidentDocument {
  return buildDocument(record, summariseAffected(generateSample(), exposureDays(record), record.incident.sampleNote));
}

export const glmDocument = () => documentOf(readSeedIncident(SLUG));

export const PAYLOAD = `<img src=x onerror=alert(1)> "quoted" & 'single'`;

// Keys whose strings are identifiers, enums or dates: replacing them would make the record invalid.
const KEEP = new Set(["slug", "status", "severity", "key", "at", "precision", "phase", "publishedOn", "url", "kind", "from", "to", "contests", "assessedOn", "audience"]);
// Free-text fields that may be null: filled too, so the optional texts are rendered and checked.
const NULLABLE_TEXT = new Set(["model", "attackNote", "sampleNote", "author", "note", "detail", "unit", "affiliation"]);

function mapText(value: unknown, key: string | null, payload: string): unknown {
  if (typeof value === "string") return key !== null && KEEP.has(key) ? value : payload;
  if (value === null) return key !== null && NULLABLE_TEXT.has(key) ? payload : null;
  if (Array.isArray(value)) return value.map((v) => mapText(v, key, payload));
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapText(v, k, payload)]));
  }
  return value;
}

/** The record with every free-text string replaced by `payload`, checked again by the seed schema. */
export function hostileRecord(payload: string = PAYLOAD): IncidentRecord {
  return incidentRecord.parse(mapText(readSeedIncident(SLUG), null, payload));
}

export const hostileDocument = (payload: string = PAYLOAD) => documentOf(hostileRecord(payload));
export const hostileTokenLines = (payload: string = PAYLOAD) => TOKEN_LINES.map((l) => ({ ...l, label: payload }));

export type Tag = { name: string; closing: boolean; attrs: Array<[string, string | null]> };

/** Start and end tags with their attributes; all attribute values the renderers write are double-quoted. */
export function tagsOf(html: string): Tag[] {
  const tags: Tag[] = [];
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/"]+(?:="[^"]*")?)*)\s*\/?>/g)) {
    const attrs: Array<[string, string | null]> = [];
    for (const a of (m[3] ?? "").matchAll(/\s+([^\s=>/"]+)(?:="([^"]*)")?/g)) attrs.push([a[1] ?? "", a[2] ?? null]);
    tags.push({ name: (m[2] ?? "").toLowerCase(), closing: m[1] === "/", attrs });
  }
  return tags;
}

/** Every value of one attribute, entities decoded. */
export const attrValues = (html: string, name: string) =>
  tagsOf(html).flatMap((t) => t.attrs.filter(([k]) => k === name).map(([, v]) => decodeEntities(v ?? "")));

export function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (all, e: string) => {
    if (e.startsWith("#x")) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith("#")) return String.fromCodePoint(Number(e.slice(1)));
    return named[e] ?? all;
  });
}

const INLINE = /^<\/?(a|sup|strong|em|time|span|abbr)\b/i;

/** The visible text of an HTML fragment: style dropped, block tags read as spaces, entities decoded, word joiners removed. */
export const textOf = (fragment: string) =>
  decodeEntities(fragment.replace(/<style>[^]*?<\/style>/g, "").replace(/<[^>]*>/g, (tag) => (INLINE.test(tag) ? "" : " ")))
    .replace(/\u2060/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** Indexes of `char` not escaped by a backslash (an even run of backslashes before it escapes nothing). */
export function unescapedIndexes(text: string, char: string): number[] {
  const found: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\\") {
      i++;
      continue;
    }
    if (text[i] === char) found.push(i);
  }
  return found;
}
