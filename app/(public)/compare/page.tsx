import Link from "next/link";
import type { Metadata } from "next";
import { z } from "zod";
import { Comparison } from "@/components/compare/comparison";
import { ComparedChoice } from "@/components/compare/compared-choice";
import { getDb } from "@/db/client";
import { MAX_CHOSEN, NEWEST_PER_MEASURE, readCompared } from "@/db/read/compared";
import { key } from "@/domain/record/common";
import { answerPageWith } from "@/http/form-action";
import { COMPARED, comparisonView } from "@/view/comparison";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Durations compared" };

type Params = Record<string, string | string[] | undefined>;

/** `?incident=a&incident=b`: the incidents the reader chose, each once, at most MAX_CHOSEN; none is the newest few. */
const chosenQuery = z
  .union([key, z.array(key)], { error: "each incident as its address names it, such as payments-outage-2026-03" })
  .optional()
  .transform((v) => (v === undefined ? null : [...new Set(typeof v === "string" ? [v] : v)]))
  .refine((v) => v === null || v.length <= MAX_CHOSEN, `at most ${MAX_CHOSEN} incidents at a time`);

export default async function ComparePage({ searchParams }: { searchParams: Promise<Params> }) {
  const asked = chosenQuery.safeParse((await searchParams).incident);
  const chosen = asked.success ? asked.data : null;
  const compared = readCompared(getDb(), COMPARED.map((m) => m.role), asked.success ? chosen : []);
  const problem = !asked.success ? (asked.error.issues[0]?.message ?? "not a choice of incidents") : compared.unknown.length ? `no published incident is called ${compared.unknown.join(", ")}` : null;
  if (problem) answerPageWith(400);
  const measures = comparisonView(
    compared.stored.map((s) => s.record),
    compared.charted,
  );
  return (
    <div className="record">
      <h1>Durations compared</h1>
      <p className="muted">
        The same lengths across incidents, each at the precision of its own record&apos;s dates. A length a record does not have is shown
        as missing, never as zero. Each figure links to its place in its incident&apos;s record and to its sources.
      </p>
      {problem ? (
        <div role="alert" className="rounded-md border border-red-600 p-4">
          <p>This address asks to compare something that cannot be compared ({problem}), so nothing is shown.</p>
          <p>
            <Link href="/compare">Compare the newest incidents</Link>, or choose again on <Link href="/">the incidents list</Link>.
          </p>
        </div>
      ) : (
        <>
          <ComparedChoice chosen={chosen !== null} shown={compared.stored.map((s) => ({ slug: s.slug, title: s.record.incident.title }))} perMeasure={NEWEST_PER_MEASURE} max={MAX_CHOSEN} />
          <Comparison measures={measures} />
        </>
      )}
    </div>
  );
}
