import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { LookupForm } from "@/components/lookup/lookup-form";
import { Prose } from "@/components/record/prose";
import { SampleBadge } from "@/components/record/section";
import { getDb } from "@/db/client";
import { readIncident } from "@/db/read/incident";
import { formatCount } from "@/view/format";
import { lookupView } from "@/view/lookup";
import { lookupAction } from "./actions";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }> };

const load = cache((slug: string) => {
  const stored = readIncident(getDb(), slug);
  return stored ? lookupView(stored) : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const view = load((await params).slug);
  return { title: view ? `Was my account affected? ${view.title}` : "Not found", robots: { index: false } };
}

const BOX = "mt-4 max-w-3xl rounded-lg border p-4";

export default async function LookupPage({ params }: Props) {
  const { slug } = await params;
  const view = load(slug);
  if (!view) notFound();
  const advice = view.advice.map((r, i) => ({ id: i, body: <Prose text={r.text} /> }));
  return (
    <div>
      <p className="text-sm">
        <Link href={`/incidents/${slug}`} className="text-blue-700 underline dark:text-blue-300">
          ← {view.title}
        </Link>
      </p>
      <h1 className="mt-3 flex flex-wrap items-center gap-3 text-3xl font-bold tracking-tight">
        Was my account affected?
        {view.sample && <SampleBadge />}
      </h1>
      {view.list === "list" ? (
        <>
          <p className="mt-3 max-w-3xl text-slate-800 dark:text-slate-200">
            Check whether your {view.provider} account was among the {formatCount(view.total)} affected responses of this
            incident. You will see your own account&apos;s records and nothing of anyone else&apos;s; an account we have no
            record of gets the same answer as one that was not affected.
          </p>
          {(view.sample || view.note) && (
            <p className={`${BOX} border-amber-500 bg-amber-50 text-sm dark:border-amber-400 dark:bg-amber-950/40`}>
              {view.sample && <strong>Sample data. </strong>}
              {view.note && <Prose text={view.note} inline />}
            </p>
          )}
          <div className="mt-8">
            <LookupForm action={lookupAction.bind(null, slug)} advice={advice} />
          </div>
        </>
      ) : (
        <div role="status" className={`${BOX} border-slate-400 bg-slate-50 dark:border-slate-600 dark:bg-slate-900`}>
          <h2 className="text-xl font-semibold">
            {view.list === "none" ? "No affected list has been published for this incident" : "The affected list is not in this record"}
          </h2>
          <p className="mt-2">
            {view.list === "none"
              ? "Until it is, no account can be checked here, and nothing here says whether yours was affected."
              : `This record carries only the counts of its affected list (${formatCount(view.total)} responses), not the list itself, so no account can be checked here.`}{" "}
            Ask {view.provider} whether your account was among those affected.
          </p>
        </div>
      )}
    </div>
  );
}
