import { ChartFigure } from "@/components/charts/chart-figure";
import { type DurationBar, DurationChart } from "@/components/charts/duration-chart";
import type { ComparedCell, ComparedMeasure } from "@/view/comparison";
import { type DurationRow, inUnit } from "@/view/durations";

const pageOf = (c: ComparedCell) => `/incidents/${encodeURIComponent(c.incident.slug)}`;

function barsOf(m: ComparedMeasure): DurationBar[] {
  const unit = m.unit;
  if (!unit) return [];
  const bar = (key: string, label: string, row: DurationRow, contested: boolean): DurationBar => ({
    key,
    label,
    value: inUnit(row.minutes, unit),
    min: inUnit(row.range.min, unit),
    max: inUnit(row.range.max, unit),
    end: row.length,
    contested,
    whisker: row.range.max > row.range.min,
  });
  return m.charted.flatMap(({ incident, row, disputes }) =>
    row
      ? [bar(incident.slug, `${incident.title}: ${row.label}`, row, false), ...disputes.map((d) => bar(`${incident.slug}-${d.key}`, `${incident.title}: ${d.label} (${d.countedBy})`, d, true))]
      : [],
  );
}

/** One measure across incidents: a chart of those that have it, and by name those that do not. */
function MeasureChart({ m }: { m: ComparedMeasure }) {
  const bars = barsOf(m);
  const missing = m.charted.filter((c) => c.row === null).map((c) => c.incident.title);
  const name = `Bar chart of ${m.label.toLowerCase()} by incident${m.unit ? `, in ${m.unit.name}` : ""}: ${bars.map((b) => `${b.label}, ${b.end}`).join("; ") || "none recorded"}`;
  return (
    <ChartFigure
      id={`compare-${m.role}`}
      caption={
        <>
          <strong>{m.label}</strong>: {m.what}
          {m.unit ? `, in ${m.unit.name}` : ""}
          {bars.some((b) => b.whisker) ? "; whiskers show what each record's dates allow" : ""}
          {bars.some((b) => b.contested) ? "; in orange, a count that disputes the one above it" : ""}.
          {missing.length > 0 && <> Not in the record of: {missing.join("; ")}.</>}
        </>
      }
    >
      {bars.length > 0 ? <DurationChart bars={bars} unit={m.unit?.name ?? ""} label={name} /> : <p className="muted">No incident records this length.</p>}
    </ChartFigure>
  );
}

function Cell({ c }: { c: ComparedCell }) {
  if (!c.row) return <span className="muted">not in the record</span>;
  return (
    <>
      <span className="small">{c.row.label}:</span>{" "}
      <a href={`${pageOf(c)}#duration-${c.row.key}`}>
        <strong>{c.row.display}</strong>
      </a>
      {c.range && <span className="muted"> ({c.range})</span>}
      <br />
      <span className="small muted">
        {c.between ?? "stated, no dates"} · {c.row.countedBy}
      </span>{" "}
      <sup className="cite">
        {c.row.cites.map((n) => (
          <a key={n} href={`${pageOf(c)}#source-${n}`} aria-label={`${c.incident.title}, source ${n}`}>
            [{n}]
          </a>
        ))}
      </sup>
      {c.disputes.map((d) => (
        <span key={d.key} className="block small">
          Disputed: <a href={`${pageOf(c)}#duration-${d.key}`}>{d.display}</a> by {d.countedBy}
        </span>
      ))}
    </>
  );
}

export function Comparison({ measures }: { measures: ComparedMeasure[] }) {
  const incidents = measures[0]?.cells.map((c) => c.incident) ?? [];
  return (
    <div className="stack-y">
      <h2>Each measure</h2>
      {measures.map((m) => (
        <MeasureChart key={m.role} m={m} />
      ))}
      <h2>Every length</h2>
      <div className="scroll">
        <table className="stack">
          <caption>Every compared length, at its own record&apos;s precision, with who counts it and its sources</caption>
          <thead>
            <tr>
              <th scope="col">Incident</th>
              {measures.map((m) => (
                <th key={m.role} scope="col">
                  {m.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {incidents.map((incident, i) => (
              <tr key={incident.slug}>
                <th scope="row">
                  <a href={`/incidents/${encodeURIComponent(incident.slug)}`}>{incident.title}</a>
                  <br />
                  <span className="small muted">{incident.provider}</span>
                </th>
                {measures.map((m) => {
                  const c = m.cells[i];
                  return (
                    <td key={m.role} data-label={m.label}>
                      {c && <Cell c={c} />}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
