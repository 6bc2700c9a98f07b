import { siteFiles } from "@/publish/files";
import { publishedSlugs, readIncidentDocument } from "@/publish/read-document";

export const dynamic = "force-static";

/** The Atom feed of published postmortems; entry links are relative to the feed's own address. */
export function GET(): Response {
  const docs = publishedSlugs().flatMap((slug) => readIncidentDocument(slug) ?? []);
  return new Response(siteFiles(docs, "")["feed.xml"], { headers: { "content-type": "application/atom+xml; charset=utf-8" } });
}
