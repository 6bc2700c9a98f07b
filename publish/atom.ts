import { escapeXml } from "@/lib/escape";
import { prosePlain } from "@/lib/markdown/plain";
import { type CardView, newestFirst } from "@/view/card";
import { formatCount } from "@/lib/count";

/**
 * `pages`: a paged feed's links (RFC 5005 §3), each an address relative to the feed's or absolute;
 * absent or null where the feed has no such page. A reader follows `next` to older entries.
 */
export type AtomOptions = { baseUrl: string; feedUrl: string; pages?: { first: string; next: string | null; previous: string | null } };

// Tag URIs (RFC 4151) on a reserved domain: stable ids that depend on nothing but the slug.
const TAG = "tag:aftermath.invalid,2026";
const x = escapeXml;

/** What the entry says of the affected list, when the incident has one. */
const newsLine = (c: CardView) => (c.news ? ` Latest update (${c.news.label}, ${c.news.when}): ${prosePlain(c.news.body)}` : "");
const listLine = (c: CardView) => (c.affected ? ` Affected ${c.affected.unitMany} on record: ${formatCount(c.affected.total)}${c.affected.sample ? " (sample data)" : ""}.` : "");

function pageLinks(pages: AtomOptions["pages"]): string[] {
  if (!pages || (!pages.next && !pages.previous)) return [];
  const link = (rel: string, href: string | null) => (href ? [`  <link rel="${rel}" type="application/atom+xml" href="${x(href)}"/>`] : []);
  return [...link("first", pages.first), ...link("previous", pages.previous), ...link("next", pages.next)];
}

/**
 * An Atom 1.0 feed with one entry per incident, newest incident first. An entry's `updated` is its
 * record's last edit (RFC 4287 §4.2.15: a significant change), the feed's the newest of those; never
 * the time of export, so exporting twice gives the same bytes.
 */
export function renderAtomFeed(cards: readonly CardView[], opts: AtomOptions): string {
  const sorted = newestFirst(cards);
  const entries = sorted.map((c) => entryOf(c, opts.baseUrl));
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom">`,
    `  <id>${TAG}:feed</id>`,
    `  <title>Aftermath postmortems</title>`,
    `  <updated>${sorted.reduce((newest, c) => (c.updated > newest ? c.updated : newest), "1970-01-01T00:00:00Z")}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${x(opts.feedUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(opts.baseUrl)}"/>`,
    ...pageLinks(opts.pages),
    ...entries,
    `</feed>`,
    "",
  ].join("\n");
}

// A card is made once per version of its record (view/card.ts), so its entry is written once per
// version and address too: the feed after a write to one incident writes one entry, not fifty.
const written = new WeakMap<CardView, Map<string, string>>();

function entryOf(c: CardView, baseUrl: string): string {
  const byBase = written.get(c) ?? new Map<string, string>();
  written.set(c, byBase);
  const known = byBase.get(baseUrl);
  if (known !== undefined) return known;
  const entry = writeEntry(c, baseUrl);
  byBase.set(baseUrl, entry);
  return entry;
}

function writeEntry(c: CardView, baseUrl: string): string {
  const impact = prosePlain(c.impact);
  return [
    `  <entry>`,
    `    <id>${x(`${TAG}:incident/${c.slug}`)}</id>`,
    `    <title>${x(c.title)}</title>`,
    `    <updated>${c.updated}</updated>`,
    `    <link rel="alternate" type="text/html" href="${x(`${baseUrl}incidents/${encodeURIComponent(c.slug)}/`)}"/>`,
    `    <summary>${x(impact)}</summary>`,
    `    <content type="text">${x(`${impact}${newsLine(c)}${listLine(c)}`)}</content>`,
    `    <author><name>Aftermath</name></author>`,
    `  </entry>`,
  ].join("\n");
}
