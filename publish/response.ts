import "server-only";
import { notFound } from "next/navigation";
import { incidentFiles } from "./files";
import { publishedSlugs, readIncidentDocument } from "./read-document";

/** Shared by the export routes: prerendered per published incident, 404 for anything else. */
export function exportStaticParams(): Array<{ slug: string }> {
  return publishedSlugs().map((slug) => ({ slug }));
}

export async function exportFile(
  params: Promise<{ slug: string }>,
  name: "index.html" | "postmortem.md" | "incident.json" | "incident.schema.json",
  contentType: string,
): Promise<Response> {
  const doc = readIncidentDocument((await params).slug);
  if (!doc) notFound();
  return new Response(incidentFiles(doc)[name], { headers: { "content-type": contentType } });
}
