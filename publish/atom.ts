import type { Locale } from "@/i18n/locales";
import type { Translator } from "@/i18n/translate";
import { escapeXml } from "@/lib/escape";
import { prosePlain } from "@/lib/markdown/plain";
import { type CardView, newestFirst } from "@/view/card";
import { wording } from "@/view/words";
import { formatCount } from "@/lib/count";

/**
 * `pages`: a paged feed's links (RFC 5005 §3), each an address relative to the feed's or absolute;
 * absent or null where the feed has no such page. A reader follows `next` to older entries.
 */
export type AtomOptions = { baseUrl: string; feedUrl: string; locale: Locale; pages?: { first: string; next: string | null; previous: string | null } };

// Tag URIs (RFC 4151) on a reserved domain: stable ids that depend on nothing but the slug.
const TAG = "tag:aftermath.invalid,2026";
const x = escapeXml;

/** What the entry says of the newest update and of the affected list, when the incident has them; in the feed's language (its cards'). */
const newsLine = (c: CardView, t: Translator) => (c.news ? ` ${t("exports.atom.latest", { status: c.news.label, when: c.news.when, body: prosePlain(c.news.body) })}` : "");
const listLine = (c: CardView, t: Translator, locale: Locale) =>
  c.affected ? ` ${t("exports.atom.affected", { unit: c.affected.unitMany, total: formatCount(c.affected.total, locale), sample: c.affected.sample ? "yes" : "no" })}` : "";

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
  const entries = sorted.map((c) => entryOf(c, opts.baseUrl, opts.locale));
  const { t } = wording(opts.locale);
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${opts.locale}">`,
    `  <id>${TAG}:feed${opts.locale === "en" ? "" : `:${opts.locale}`}</id>`,
    `  <title>${x(t("common.site.feedTitle"))}</title>`,
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

function entryOf(c: CardView, baseUrl: string, locale: Locale): string {
  const byBase = written.get(c) ?? new Map<string, string>();
  written.set(c, byBase);
  const known = byBase.get(baseUrl);
  if (known !== undefined) return known;
  const entry = writeEntry(c, baseUrl, locale);
  byBase.set(baseUrl, entry);
  return entry;
}

function writeEntry(c: CardView, baseUrl: string, locale: Locale): string {
  const impact = prosePlain(c.impact);
  const { t } = wording(locale);
  return [
    `  <entry>`,
    `    <id>${x(`${TAG}:incident/${c.slug}${locale === "en" ? "" : `/${locale}`}`)}</id>`,
    `    <title>${x(c.title)}</title>`,
    `    <updated>${c.updated}</updated>`,
    `    <link rel="alternate" type="text/html" href="${x(`${baseUrl}incidents/${encodeURIComponent(c.slug)}/`)}"/>`,
    `    <summary>${x(impact)}</summary>`,
    `    <content type="text">${x(`${impact}${newsLine(c, t)}${listLine(c, t, locale)}`)}</content>`,
    `    <author><name>Aftermath</name></author>`,
    `  </entry>`,
  ].join("\n");
}
