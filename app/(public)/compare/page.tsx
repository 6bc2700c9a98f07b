import type { Metadata } from "next";
import { Comparison } from "@/components/compare/comparison";
import { getDb } from "@/db/client";
import { readPublished } from "@/db/read/incident";
import { newestRecords } from "@/view/card";
import { comparisonView } from "@/view/comparison";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Durations compared" };

export default function ComparePage() {
  const measures = comparisonView(newestRecords(readPublished(getDb())));
  return (
    <div className="record">
      <h1>Durations compared</h1>
      <p className="muted">
        The same lengths for every published incident that records them, newest incident first, each at the precision of its own
        record&apos;s dates. A length a record does not have is shown as missing, never as zero. Each figure links to its place in its
        incident&apos;s record and to its sources.
      </p>
      <Comparison measures={measures} />
    </div>
  );
}
