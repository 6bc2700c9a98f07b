import type { CardView } from "@/view/card";
import { formatCount } from "@/lib/count";
import { FigureValue } from "./figure-value";
import { Prose } from "./prose";

/**
 * Incidents as a list shows them, newest first: the front page, and the export's index (where
 * `href` points at the exported files and `files` adds their Markdown and JSON).
 */
export function IncidentCards({ cards, href, files }: { cards: CardView[]; href: (slug: string) => string; files?: (slug: string) => { md: string; json: string } }) {
  return (
    <ul className="incidents">
      {cards.map((c) => (
        <li key={c.slug}>
          <p className="small muted">
            {[c.provider, c.service, c.kind, c.status].filter((part) => part !== null).join(" · ")}
            {c.when && (
              <>
                <br />
                {c.when.label}: {c.when.range}
              </>
            )}
          </p>
          <h2>
            <a href={href(c.slug)}>{c.title}</a>
          </h2>
          <Prose text={c.impact} />
          <dl className="stats">
            {c.figures.map((f, i) => (
              <div key={i}>
                <dt>{f.label}</dt>
                <dd>
                  <FigureValue value={f.value} unit={f.unit} />
                </dd>
              </div>
            ))}
            {c.durations.map((d) => (
              <div key={d.key}>
                <dt>{d.label}</dt>
                <dd>{d.display}</dd>
              </div>
            ))}
            {c.affected && (
              <div>
                <dt>
                  Affected {c.affected.unitMany}
                  {c.affected.sample ? " (sample data)" : ""}
                </dt>
                <dd>{formatCount(c.affected.total)}</dd>
              </div>
            )}
          </dl>
          {files && (
            <p className="small">
              <a href={href(c.slug)}>Postmortem</a> · <a href={files(c.slug).md}>Markdown (postmortem.md)</a> ·{" "}
              <a href={files(c.slug).json}>Record (incident.json)</a>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
