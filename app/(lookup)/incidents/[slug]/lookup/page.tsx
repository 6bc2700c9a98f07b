import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LookupForm } from "@/components/lookup/lookup-form";
import { Prose } from "@/components/prose";
import { SampleBadge } from "@/components/section";
import { listIncidents, readIncident } from "@/db/read-incident";
import { lookupAction } from "./actions";

export const dynamicParams = true;

export function generateStaticParams() {
  return listIncidents().map((i) => ({ slug: i.slug }));
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const view = readIncident((await params).slug);
  return { title: view ? `Was my account affected? ${view.incident.title}` : "Not found", robots: { index: false } };
}

export default async function LookupPage({ params }: Props) {
  const { slug } = await params;
  const view = readIncident(slug);
  if (!view) notFound();
  const advice = view.recommendations
    .filter((r) => r.audience === "tenant")
    .map((r) => ({ id: r.id, body: <Prose text={r.text} /> }));
  return (
    <div>
      <p className="text-sm">
        <Link href={`/incidents/${slug}`} className="text-blue-700 underline dark:text-blue-300">
          ← {view.incident.title}
        </Link>
      </p>
      <h1 className="mt-3 flex flex-wrap items-center gap-3 text-3xl font-bold tracking-tight">
        Was my account affected?
        {view.incident.sampleNote && <SampleBadge />}
      </h1>
      <p className="mt-3 max-w-3xl text-slate-800 dark:text-slate-200">
        Check whether your {view.incident.provider} account was among the {view.affected.total} affected responses of
        this incident. You will see your own account&apos;s records and nothing of anyone else&apos;s; an account we
        have no record of gets the same answer as one that was not affected.
      </p>
      {view.incident.sampleNote && (
        <p className="mt-4 max-w-3xl rounded-lg border border-amber-500 bg-amber-50 p-4 text-sm dark:border-amber-400 dark:bg-amber-950/40">
          <strong>Sample data.</strong> <Prose text={view.incident.sampleNote} inline />
        </p>
      )}
      <div className="mt-8">
        <LookupForm action={lookupAction.bind(null, slug)} advice={advice} />
      </div>
    </div>
  );
}
