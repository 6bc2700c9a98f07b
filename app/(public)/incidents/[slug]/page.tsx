import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PageActions } from "@/components/record/page-actions";
import { RecordArticle } from "@/components/record/article";
import { getDb } from "@/db/client";
import { readIncident } from "@/db/read/incident";
import { prosePlain } from "@/lib/markdown/plain";
import { incidentView } from "@/view/incident";

// Rendered on request from the database; the server (scripts/server.ts, http/edge) keeps the finished page until
// the record changes, so readers get it from memory and never an older version.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }> };

const load = cache((slug: string) => readIncident(getDb(), slug));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const stored = load((await params).slug);
  return stored ? { title: stored.record.incident.title, description: prosePlain(stored.record.incident.impact) } : { title: "Not found" };
}

export default async function IncidentPage({ params }: Props) {
  const stored = load((await params).slug);
  if (!stored) notFound();
  const view = incidentView(stored);
  return <RecordArticle view={view} actions={<PageActions slug={view.slug} lookup={view.lookup} />} changesHref={`/incidents/${view.slug}/changes`} />;
}
