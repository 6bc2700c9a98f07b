import type { ReactNode } from "react";
import { ChartFigure, Legend, NumbersTable } from "@/components/charts/chart-figure";
import { Histogram } from "@/components/charts/histogram";
import { PerDayChart } from "@/components/charts/per-day-chart";
import { type AffectedView, type MeasureView, affectedSentence, countOrNone } from "@/view/affected";
import { formatSourceDate } from "@/view/format";
import { formatCount } from "@/lib/count";
import { capitalize } from "@/lib/words";
import { Prose } from "./prose";
import { SampleBadge, Section } from "./section";

/** A role's series in the charts: four colours, then they repeat (a shape has at most eight roles). */
export const seriesOf = (i: number) => (i % 4) + 1;

function PerDay({ a, sample }: { a: AffectedView; sample: string }) {
  const { days, window, peak } = a.perDay;
  const w = a.words;
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  const name =
    `Stacked bar chart of affected ${w.unitMany} per UTC day from ${formatSourceDate(first.day)} to ${formatSourceDate(last.day)}${sample}: ` +
    `${formatCount(a.total)} in all${peak ? `, most on ${formatSourceDate(peak.day)} (${peak.total})` : ""}`;
  return (
    <ChartFigure
      id="affected-per-day"
      caption={
        <>
          <strong>Affected {w.unitMany} per day</strong> (UTC){window ? `, across the exposure window (${window.label})` : ""}
          {sample}.
          <Legend items={a.roles.map((r, i) => ({ swatch: `sw-${seriesOf(i)}`, label: `${capitalize(r.label)} (${countOrNone(r.count)})` }))} />
        </>
      }
      extra={
        <NumbersTable
          caption="The counts per day"
          head={["Day (UTC)", ...a.roles.map((r) => capitalize(r.label)), "Total"]}
          rows={days.map((d) => [formatSourceDate(d.day), ...a.roles.map((r) => d.byRole[r.key] ?? 0), d.total])}
        />
      }
    >
      <PerDayChart days={days} roles={a.roles.map((r, i) => ({ key: r.key, label: r.label, series: seriesOf(i) }))} label={name} />
    </ChartFigure>
  );
}

function MeasureChart({ m, a, sample }: { m: MeasureView; a: AffectedView; sample: string }) {
  const w = a.words;
  const name =
    `Histogram of the ${m.name} of ${formatCount(a.total)} affected ${w.unitMany}${sample}, ${formatCount(m.low)} to ${formatCount(m.high)} ` +
    `${m.unit} in buckets of ${formatCount(m.bucket)} ${m.unit}${m.inside.length ? `, with dashed lines at ${m.inside.map((l) => l.label).join("; ")}` : ""}`;
  return (
    <ChartFigure
      id={`affected-measure-${m.key}`}
      caption={
        <>
          <strong>
            {capitalize(m.name)} of the affected {w.unitMany}
          </strong>
          , in buckets of {formatCount(m.bucket)} {m.unit}
          {m.inside.length ? ", against the thresholds" : ""}
          {sample}.
          <Legend items={[{ swatch: "sw-1", label: `Affected ${w.unitMany}` }, ...m.inside.map((l, i) => ({ swatch: `sw-line sw-thr-${i % 3}`, label: l.label }))]} />
        </>
      }
      extra={
        <>
          {m.outside.length > 0 && (
            <p className="small">
              Outside the drawn range ({formatCount(m.low)}–{formatCount(m.high)} {m.unit}), so not drawn:{" "}
              {m.outside.map((l) => `${l.label} (${formatCount(l.at)} ${m.unit})`).join("; ")}.
            </p>
          )}
          <NumbersTable caption="The counts per bucket" head={[m.heading, capitalize(w.unitMany)]} rows={m.buckets.map((b) => [`${formatCount(b.from)}–${formatCount(b.to)}`, b.count])} />
        </>
      }
    >
      <Histogram buckets={m.buckets} lines={m.inside} label={name} unit={m.unit} unitOne={w.unitOne} unitMany={w.unitMany} axis={`${m.name} (${m.unit})`} />
    </ChartFigure>
  );
}

/** Counts only: never a row, an account or a request id. */
/** `check`: the page's way to the lookup (an export has none). */
export function Affected({ title, affected: a, check }: { title: string; affected: AffectedView; check?: ReactNode }) {
  const sample = a.sample ? " — sample data" : "";
  return (
    <Section id="affected" title={title} badge={a.sample ? <SampleBadge /> : null}>
      <div className="stack-y">
        {(a.sample || a.note) && (
          <div className="box small">
            {a.sample && <strong>Sample data. </strong>}
            {a.note && <Prose text={a.note} inline />}
          </div>
        )}
        <div>
          <p>{affectedSentence(a)}</p>
          <dl className="stats">
            <div>
              <dt>
                Affected {a.words.unitMany}
                {a.sample ? " (sample)" : ""}
              </dt>
              <dd>{formatCount(a.total)}</dd>
            </div>
            {a.roles.map((r) => (
              <div key={r.key}>
                <dt>{capitalize(r.label)}</dt>
                <dd>{countOrNone(r.count)}</dd>
              </div>
            ))}
          </dl>
          {check && <p className="no-print">{check}</p>}
        </div>
        {a.classes.length > 0 && (
          <NumbersTable
            caption={`Kinds of data the affected ${a.words.unitMany} name (one may name several)`}
            head={["Data", capitalize(a.words.unitMany)]}
            rows={a.classes.map((c) => [capitalize(c.label), c.count])}
          />
        )}
        <PerDay a={a} sample={sample} />
        {a.measures.map((m) => (
          <MeasureChart key={m.key} m={m} a={a} sample={sample} />
        ))}
      </div>
    </Section>
  );
}
