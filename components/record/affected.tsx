import type { ReactNode } from "react";
import { ChartFigure, Legend, NumbersTable } from "@/components/charts/chart-figure";
import { Histogram } from "@/components/charts/histogram";
import { PerDayChart } from "@/components/charts/per-day-chart";
import { type AffectedView, affectedSentence, exposedCount } from "@/view/affected";
import { formatSourceDate } from "@/view/format";
import { formatCount } from "@/lib/count";
import { capitalize } from "@/lib/words";
import { roleHeading } from "@/view/list-words";
import { Prose } from "./prose";
import { SampleBadge, Section } from "./section";

type List = Extract<AffectedView, { state: "list" }>;

function PerDay({ a, sample }: { a: List; sample: string }) {
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
          <Legend
            items={[
              { swatch: "sw-1", label: `${roleHeading(w, "recipient")} (${formatCount(a.byRole.recipient)})` },
              { swatch: "sw-2", label: `${roleHeading(w, "exposed")} (${exposedCount(a.byRole.exposed)})` },
            ]}
          />
        </>
      }
      extra={
        <NumbersTable
          caption="The counts per day"
          head={["Day (UTC)", roleHeading(w, "recipient"), roleHeading(w, "exposed"), "Total"]}
          rows={days.map((d) => [formatSourceDate(d.day), d.recipient, d.exposed, d.total])}
        />
      }
    >
      <PerDayChart days={days} label={name} />
    </ChartFigure>
  );
}

function MeasureChart({ h, total, sample, w }: { h: NonNullable<List["histogram"]>; total: number; sample: string; w: List["words"] }) {
  const name =
    `Histogram of the ${w.measureName} of ${formatCount(total)} affected ${w.unitMany}${sample}, ${formatCount(h.low)} to ${formatCount(h.high)} ` +
    `${w.measureUnit} in buckets of ${formatCount(h.bucket)} ${w.measureUnit}${h.inside.length ? `, with dashed lines at ${h.inside.map((l) => l.label).join("; ")}` : ""}`;
  return (
    <ChartFigure
      id="affected-measure"
      caption={
        <>
          <strong>
            {capitalize(w.measureName)} of the affected {w.unitMany}
          </strong>
          , in buckets of {formatCount(h.bucket)} {w.measureUnit}
          {h.inside.length ? ", against the thresholds" : ""}
          {sample}.
          <Legend items={[{ swatch: "sw-1", label: `Affected ${w.unitMany}` }, ...h.inside.map((l, i) => ({ swatch: `sw-line sw-thr-${i % 3}`, label: l.label }))]} />
        </>
      }
      extra={
        <>
          {h.outside.length > 0 && (
            <p className="small">
              Outside the drawn range ({formatCount(h.low)}–{formatCount(h.high)} {w.measureUnit}), so not drawn:{" "}
              {h.outside.map((l) => `${l.label} (${formatCount(l.at)} ${w.measureUnit})`).join("; ")}.
            </p>
          )}
          <NumbersTable caption="The counts per bucket" head={[w.measure, capitalize(w.unitMany)]} rows={h.buckets.map((b) => [`${formatCount(b.from)}–${formatCount(b.to)}`, b.count])} />
        </>
      }
    >
      <Histogram buckets={h.buckets} lines={h.inside} label={name} words={w} />
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
            <div>
              <dt>{roleHeading(a.words, "recipient")}</dt>
              <dd>{formatCount(a.byRole.recipient)}</dd>
            </div>
            <div>
              <dt>{roleHeading(a.words, "exposed")}</dt>
              <dd>{exposedCount(a.byRole.exposed)}</dd>
            </div>
          </dl>
          {check && <p className="no-print">{check}</p>}
        </div>
        <PerDay a={a} sample={sample} />
        {a.histogram ? <MeasureChart h={a.histogram} total={a.total} sample={sample} w={a.words} /> : <p>No {a.words.measureName} on record.</p>}
      </div>
    </Section>
  );
}
