import type { Metadata } from "next";
import Link from "next/link";
import { getLocale } from "next-intl/server";
import { DashboardFilters } from "@/components/dashboard/filters";
import { DashboardResults } from "@/components/dashboard/results";
import { getDb } from "@/db/client";
import { type QueryParams, parseDashboardAddress, readDashboard } from "@/db/read/dashboard";
import { readShown } from "@/db/read/shown";
import { fieldErrors } from "@/domain/input";
import { answerPageWith } from "@/http/form-action";
import { cardsOf } from "@/view/card";
import { dashboardView } from "@/view/dashboard";

export const dynamic = "force-dynamic";

export async function generateMetadata({ searchParams }: { searchParams: Promise<QueryParams> }): Promise<Metadata> {
  const asked = parseDashboardAddress(await searchParams);
  return { title: asked.success && asked.data.q ? `“${asked.data.q}”: incidents` : "Incidents" };
}

export default async function HomePage({ searchParams }: { searchParams: Promise<QueryParams> }) {
  const asked = parseDashboardAddress(await searchParams);
  // The page still explains itself, but a shared address that asks for the impossible is a 400, not a 200.
  if (!asked.success) answerPageWith(400);
  const db = getDb();
  const board = readDashboard(db, asked.success ? asked.data : {}, await getLocale());
  const view = asked.success ? dashboardView(board, asked.data, cardsOf(readShown(db, board.page.rows))) : null;
  return (
    <div className="record">
      <h1>Incidents</h1>
      <p className="muted">Each record keeps what happened, for how long, to whom, and the source behind every figure.</p>
      <p>
        <Link href="/compare">Compare how long each incident took: to detection, to declaration, exposure, outage, to the report</Link>
      </p>
      <DashboardFilters facets={board.facets} asked={asked.success ? asked.data : {}} />
      {!asked.success ? (
        <div role="alert" className="rounded-md border border-red-600 p-4">
          <p>This address asks for something the list cannot show, so nothing is listed. Fix it, or clear the search and filters:</p>
          <ul>
            {fieldErrors(asked.error.issues).map((e) => (
              <li key={e.field}>
                {e.field || "the address"}: {e.message}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        view && <DashboardResults view={view} />
      )}
    </div>
  );
}
