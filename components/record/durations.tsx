import { ChartFigure } from "@/components/charts/chart-figure";
import { type DurationBar, DurationChart } from "@/components/charts/duration-chart";
import { type DurationPanel, type DurationRow, inUnit } from "@/view/durations";
import { Cite } from "./cite";
import { RecordText, RecordWords } from "./record-text";
import { Section } from "./section";
import { TimeTag } from "./time";

/** Claims that disagree are set side by side, with the reason, never resolved by dropping one. */
function Contested({ pairs }: { pairs: Array<{ claim: DurationRow; other: DurationRow }> }) {
  // Each box its own name (axe's landmark-unique): a claim several others contest names who counts each.
  const contested = (key: string) => pairs.filter((p) => p.other.key === key).length;
  return pairs.map(({ claim, other }) => (
    <aside key={claim.key} className="box" aria-label={`Disagreement: ${other.label}${contested(other.key) > 1 ? `, as ${claim.countedBy} counts it` : ""}`}>
      <p>
        <strong>Two counts of the {other.label.toLowerCase()} disagree</strong>
      </p>
      <dl className="pair">
        {[other, claim].map((c) => (
          <div key={c.key}>
            <dt className="small muted">{c.countedBy}</dt>
            <dd className="big">
              {c.length}
              <Cite numbers={c.cites} />
            </dd>
            <dd className="small">
              <RecordText of={c} field="method" />
            </dd>
          </div>
        ))}
      </dl>
      {claim.note && <RecordText of={claim} field="note" className="small" />}
    </aside>
  ));
}

const CAPTION: Record<DurationPanel["kind"], (p: DurationPanel) => string> = {
  minute: (p) => `Lengths known to the minute${p.stated ? ", and the stated count they are compared with (orange)" : ""}, in ${p.unit.name}.`,
  date: (p) => `Lengths between dates known only to the day or coarser, in ${p.unit.name}${p.whiskers ? "; the whiskers show what the dates' precision allows" : ""}.`,
};

function Between({ row }: { row: DurationRow }) {
  if (!row.from || !row.to) return <>Stated, no start or end given</>;
  return (
    <>
      <TimeTag time={row.from} short /> → <TimeTag time={row.to} short />
    </>
  );
}

function Table({ rows }: { rows: DurationRow[] }) {
  return (
    <div className="scroll">
      <table className="stack">
        <caption>Every duration, who counts it, how, and its sources</caption>
        <thead>
          <tr>
            <th scope="col">Duration</th>
            <th scope="col">Length</th>
            <th scope="col">From → to (UTC)</th>
            <th scope="col">Who counts it, and how</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} id={`duration-${r.key}`}>
              <th scope="row">
                <RecordWords of={r} field="label" />
                <Cite numbers={r.cites} />
              </th>
              <td data-label="Length">
                <strong>{r.length}</strong>
                {r.approx && <span className="muted"> ({r.approx})</span>}
              </td>
              <td data-label="From → to (UTC)">
                <Between row={r} />
              </td>
              <td data-label="Who counts it, and how">
                <strong>
                  <RecordWords of={r} field="countedBy" />.
                </strong>{" "}
                <RecordWords of={r} field="method" markdown />
                {r.note && <RecordText of={r} field="note" className="block muted" />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const barsOf = (p: DurationPanel): DurationBar[] =>
  p.rows.map((r) => ({
    key: r.key,
    label: r.label,
    value: inUnit(r.minutes, p.unit),
    min: inUnit(r.range.min, p.unit),
    max: inUnit(r.range.max, p.unit),
    end: r.length,
    contested: r.contested,
    whisker: p.kind === "date" && r.range.max > r.range.min,
  }));

const chartName = (p: DurationPanel) => `Bar chart of lengths in ${p.unit.name}: ${p.rows.map((r) => `${r.label}, ${r.length}`).join("; ")}`;

export function Durations({ title, rows, panels, pairs }: { title: string; rows: DurationRow[]; panels: DurationPanel[]; pairs: Array<{ claim: DurationRow; other: DurationRow }> }) {
  return (
    <Section id="durations" title={title}>
      <div className="stack-y">
        <Contested pairs={pairs} />
        {panels.map((p) => (
          <ChartFigure key={p.id} id={p.id} caption={<><strong>{p.kind === "minute" ? "Known to the minute." : "Between dates."}</strong> {CAPTION[p.kind](p)}</>}>
            <DurationChart bars={barsOf(p)} unit={p.unit.name} label={chartName(p)} />
          </ChartFigure>
        ))}
        <Table rows={rows} />
        <p className="small muted">
          Every length here is computed from the dated events of the timeline, at the precision of the coarser of its two
          dates; only a length a source states without dates is shown as stated.
        </p>
      </div>
    </Section>
  );
}

