import type { SearchHit } from "@/db/read/dashboard";
import { Marked } from "./marked";

const WHAT: Record<SearchHit["kind"], string> = { incident: "Incident", event: "Timeline", source: "Source", finding: "Finding" };
/** Where on the incident's page each kind of hit is. */
const anchor = (h: SearchHit) => (h.kind === "event" ? "#timeline" : h.kind === "source" ? `#source-${h.ref}` : h.kind === "finding" ? "#assessments" : "");

export function SearchHits({ hits, query, more }: { hits: SearchHit[]; query: string; more: boolean }) {
  return (
    <section aria-labelledby="hits-heading" className="hits">
      <h2 id="hits-heading">
        {hits.length === 0 ? "No matches" : more ? `The best ${hits.length} matches` : `${hits.length} ${hits.length === 1 ? "match" : "matches"}`} for “{query}”
      </h2>
      {hits.length > 0 && (
        <ol>
          {hits.map((h) => (
            <li key={`${h.kind}-${h.slug}-${h.ref}`}>
              <p className="small muted">
                {WHAT[h.kind]} · {h.incident}
              </p>
              <p>
                <a href={`/incidents/${encodeURIComponent(h.slug)}${anchor(h)}`}>
                  <Marked text={h.title} />
                </a>
              </p>
              {h.snippet && (
                <p className="small">
                  <Marked text={h.snippet} />
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
