import type { Metadata } from "next";
import Link from "next/link";
import { DashboardFilters } from "@/components/dashboard/filters";
import { SearchHits } from "@/components/dashboard/search-hits";
import { IncidentCards } from "@/components/record/cards";
import { getDb } from "@/db/client";
import { dashboardQuery, readDashboard } from "@/db/read/dashboard";
import { fieldErrors } from "@/domain/input";
import { answerPageWith } from "@/http/form-action";
import { readCards } from "@/publish/cards";

export const dynamic = "force-dynamic";

type Params = Record<string, string | string[] | undefined>;

/** The address's filters: an empty or blank one is "any" (the form sends it so); a repeated one is refused, not picked from. */
function askedOf(params: Params) {
  const given = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && (typeof v !== "string" || v.trim() !== "")));
  return dashboardQuery.safeParse(given);
}

export async function generateMetadata({ searchParams }: { searchParams: Promise<Params> }): Promise<Metadata> {
  const asked = askedOf(await searchParams);
  return { title: asked.success && asked.data.q ? `“${asked.data.q}”: incidents` : "Incidents" };
}

export default async function HomePage({ searchParams }: { searchParams: Promise<Params> }) {
  const asked = askedOf(await searchParams);
  // The page still explains itself, but a shared address that asks for the impossible is a 400, not a 200.
  if (!asked.success) await answerPageWith(400);
  const db = getDb();
  const board = readDashboard(db, asked.success ? asked.data : {});
  const shown = asked.success ? new Set(board.slugs) : new Set<string>();
  const cards = readCards(db).filter((c) => shown.has(c.slug));
  const filtered = asked.success && Object.keys(asked.data).length > 0;
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
        <>
          {asked.data.q !== undefined && board.search === null && <p role="status">The search has no word in it: type a word to search for.</p>}
          {board.search && board.search.dropped > 0 && (
            <p role="status">Only the first {board.search.terms.length} words were searched for; {board.search.dropped} more were left out.</p>
          )}
          {board.search && <SearchHits hits={board.hits} query={asked.data.q ?? ""} more={board.moreHits} />}
          <p role="status" className="small muted">
            {filtered ? `${cards.length} of ${board.facets.status.reduce((n, f) => n + f.count, 0)} incidents match.` : `${cards.length} incidents, newest first.`}
          </p>
          {cards.length === 0 ? (
            <p>{filtered ? "No incident matches these filters." : "No incident has been published yet."}</p>
          ) : (
            <IncidentCards cards={cards} href={(slug) => `/incidents/${slug}`} />
          )}
        </>
      )}
    </div>
  );
}
