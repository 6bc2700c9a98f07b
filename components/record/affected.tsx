import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { ChartFigure, Legend, NumbersTable } from "@/components/charts/chart-figure";
import { Histogram } from "@/components/charts/histogram";
import { PerDayChart } from "@/components/charts/per-day-chart";
import { type AffectedView, type MeasureView, affectedSentence, countOrNone } from "@/view/affected";
import { formatSourceDate } from "@/view/format";
import { formatCount } from "@/lib/count";
import { capitalize } from "@/lib/words";
import { UntranslatedText } from "./record-text";
import { SampleBadge, Section } from "./section";

// The list's own words (its unit, roles, classes and measures) are the record's, as its shape gives them.

/** A role's series in the charts: four colours, then they repeat (a shape has at most eight roles). */
export const seriesOf = (i: number) => (i % 4) + 1;

function PerDay({ a, sample }: { a: AffectedView; sample: string }) {
  const t = useTranslations("record.affected");
  const locale = useLocale();
  const { days, window, peak } = a.perDay;
  const w = a.words;
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  const date = (day: string) => formatSourceDate(day, locale);
  const total = formatCount(a.total, locale);
  const name =
    t("perDayChart", { unit: w.unitMany, from: date(first.day), to: date(last.day), sample, total }) +
    (peak ? t("mostOn", { day: date(peak.day), count: formatCount(peak.total, locale) }) : "");
  return (
    <ChartFigure
      id="affected-per-day"
      caption={
        <>
          <strong>{t("perDayTitle", { unit: w.unitMany })}</strong> {t("utc")}
          {window ? t("acrossWindow", { window: window.label }) : ""}
          {sample}.
          <Legend items={a.roles.map((r, i) => ({ swatch: `sw-${seriesOf(i)}`, label: `${capitalize(r.label)} (${countOrNone(r.count, locale)})` }))} />
        </>
      }
      extra={
        <NumbersTable
          caption={t("perDayTable")}
          head={[t("day"), ...a.roles.map((r) => capitalize(r.label)), t("total")]}
          rows={days.map((d) => [date(d.day), ...a.roles.map((r) => d.byRole[r.key] ?? 0), d.total])}
        />
      }
    >
      <PerDayChart days={days} roles={a.roles.map((r, i) => ({ key: r.key, series: seriesOf(i) }))} label={name} />
    </ChartFigure>
  );
}

function MeasureChart({ m, a, sample }: { m: MeasureView; a: AffectedView; sample: string }) {
  const t = useTranslations("record.affected");
  const locale = useLocale();
  const n = (x: number) => formatCount(x, locale);
  const w = a.words;
  const lines = m.inside.map((l) => l.label).join("; ");
  const name =
    t("measureChart", { name: m.name, total: n(a.total), unit: w.unitMany, sample, low: n(m.low), high: n(m.high), measureUnit: m.unit, bucket: n(m.bucket) }) +
    (m.inside.length ? t("dashedLines", { lines }) : "");
  return (
    <ChartFigure
      id={`affected-measure-${m.key}`}
      caption={
        <>
          <strong>{t("measureTitle", { name: capitalize(m.name), unit: w.unitMany })}</strong>
          {t("inBuckets", { bucket: n(m.bucket), measureUnit: m.unit })}
          {m.inside.length ? t("againstThresholds") : ""}
          {sample}.
          <Legend items={[{ swatch: "sw-1", label: t("legend", { unit: w.unitMany }) }, ...m.inside.map((l, i) => ({ swatch: `sw-line sw-thr-${i % 3}`, label: l.label }))]} />
        </>
      }
      extra={
        <>
          {m.outside.length > 0 && (
            <p className="small">
              {t("outside", { low: n(m.low), high: n(m.high), measureUnit: m.unit, lines: m.outside.map((l) => `${l.label} (${n(l.at)} ${m.unit})`).join("; ") })}
            </p>
          )}
          <NumbersTable caption={t("bucketTable")} head={[m.heading, capitalize(w.unitMany)]} rows={m.buckets.map((b) => [`${n(b.from)}–${n(b.to)}`, b.count])} />
        </>
      }
    >
      <Histogram buckets={m.buckets} lines={m.inside} label={name} axis={`${m.name} (${m.unit})`} />
    </ChartFigure>
  );
}

/** Counts only: never a row, an account or a request id. `check`: the page's way to the lookup (an export has none). */
export function Affected({ title, affected: a, check }: { title: string; affected: AffectedView; check?: ReactNode }) {
  const t = useTranslations("record.affected");
  const locale = useLocale();
  const sample = a.sample ? t("sample") : "";
  return (
    <Section id="affected" title={title} badge={a.sample ? <SampleBadge /> : null}>
      <div className="stack-y">
        {(a.sample || a.note) && (
          <div className="box small">
            {a.sample && <strong>{t("sampleLead")} </strong>}
            {a.note && <UntranslatedText text={a.note} lang={a.noteLang} page={locale} />}
          </div>
        )}
        <div>
          <p>{affectedSentence(a, locale)}</p>
          <dl className="stats">
            <div>
              <dt>
                {t("stat", { unit: a.words.unitMany })}
                {a.sample ? t("statSample") : ""}
              </dt>
              <dd>{formatCount(a.total, locale)}</dd>
            </div>
            {a.roles.map((r) => (
              <div key={r.key}>
                <dt>{capitalize(r.label)}</dt>
                <dd>{countOrNone(r.count, locale)}</dd>
              </div>
            ))}
          </dl>
          {check && <p className="no-print">{check}</p>}
        </div>
        {a.classes.length > 0 && (
          <NumbersTable caption={t("classes", { unit: a.words.unitMany })} head={[t("data"), capitalize(a.words.unitMany)]} rows={a.classes.map((c) => [capitalize(c.label), c.count])} />
        )}
        <PerDay a={a} sample={sample} />
        {a.measures.map((m) => (
          <MeasureChart key={m.key} m={m} a={a} sample={sample} />
        ))}
      </div>
    </Section>
  );
}
