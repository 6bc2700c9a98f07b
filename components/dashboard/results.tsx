import { IncidentCards } from "@/components/record/cards";
import { PageLinks } from "@/components/ui/page-links";
import { BUTTON } from "@/components/ui/styles";
import type { DashboardView } from "@/view/dashboard";
import { SearchHits } from "./search-hits";

/** The front page under its filters: notices, a page of the search's hits, a page of the cards (each with its box to compare it), and the links to the pages beside each. */
export function DashboardResults({ view }: { view: DashboardView }) {
  return (
    <>
      {view.notices.map((n) => (
        <p key={n} role="status">
          {n}
        </p>
      ))}
      {view.search && (
        <>
          <SearchHits search={view.search} />
          <PageLinks links={view.search.pages} newerText="Better matches" olderText="More matches" />
        </>
      )}
      <p role="status" className="small muted">
        {view.status}
      </p>
      {view.empty ? (
        <p>{view.empty}</p>
      ) : (
        <>
          <IncidentCards cards={view.cards} href={(slug) => `/incidents/${slug}`} compareForm="compare-chosen" />
          <form id="compare-chosen" method="get" action="/compare" className="my-4">
            <button type="submit" className={BUTTON}>
              Compare the ticked incidents
            </button>{" "}
            <span className="small muted">tick up to {view.compareUpTo} on this page</span>
          </form>
        </>
      )}
      <PageLinks links={view.pages} newerText="Newer incidents" olderText="Older incidents" />
    </>
  );
}
