import { prosePlain } from "@/lib/markdown/plain";
import type { IncidentDocument } from "./document";
import { escapeXml } from "@/lib/escape";
import { latestUpdate } from "./model";

export type AtomOptions = { baseUrl: string; feedUrl: string };

// Tag URIs (RFC 4151) on a reserved domain: stable ids that depend on nothing but the slug.
const TAG = "tag:aftermath.invalid,2026";
const x = escapeXml;

/** Newest first, then by slug, so the feed does not depend on the order it was given. */
export function byLatest(docs: readonly IncidentDocument[]): IncidentDocument[] {
  return [...docs].sort(
    (a, b) => latestUpdate(b).localeCompare(latestUpdate(a)) || a.record.incident.slug.localeCompare(b.record.incident.slug),
  );
}

/**
 * An Atom 1.0 feed with one entry per incident. `updated` is the latest dated event of the
 * incident (see latestUpdate: a day-precision date is T00:00:00Z of that day), never the time of
 * export, so exporting twice gives the same bytes.
 */
export function renderAtomFeed(docs: IncidentDocument[], opts: AtomOptions): string {
  const sorted = byLatest(docs);
  const feedUpdated = sorted[0] ? latestUpdate(sorted[0]) : "1970-01-01T00:00:00Z";
  const entries = sorted.map((doc) => {
    const i = doc.record.incident;
    const slug = encodeURIComponent(i.slug);
    return [
      `  <entry>`,
      `    <id>${x(`${TAG}:incident/${i.slug}`)}</id>`,
      `    <title>${x(i.title)}</title>`,
      `    <updated>${latestUpdate(doc)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${x(`${opts.baseUrl}incidents/${slug}/`)}"/>`,
      `    <summary>${x(prosePlain(i.impact))}</summary>`,
      `    <author><name>Aftermath</name></author>`,
      `  </entry>`,
    ].join("\n");
  });
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom">`,
    `  <id>${TAG}:feed</id>`,
    `  <title>Aftermath postmortems</title>`,
    `  <updated>${feedUpdated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${x(opts.feedUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(opts.baseUrl)}"/>`,
    ...entries,
    `</feed>`,
    "",
  ].join("\n");
}
