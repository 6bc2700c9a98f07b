import { useLocale, useTranslations } from "next-intl";
import { ChartFigure } from "@/components/charts/chart-figure";
import { type Locale, localized } from "@/i18n/locales";
import { type DurationBar, DurationChart } from "@/components/charts/duration-chart";
import type { ComparedCell, ComparedMeasure } from "@/view/comparison";
import { type DurationRow, inUnit } from "@/view/durations";

const pageOf = (slug: string, locale: Locale) => localized(locale, `/incidents/${encodeURIComponent(slug)}`);

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
  const t = useTranslations("public.compare");
  const unit = useTranslations("record.unit");
  const bars = barsOf(m);
  const missing = m.charted.filter((c) => c.row === null).map((c) => c.incident.title);
  const unitIn = m.unit ? `, ${unit("in", { unit: m.unit.name })}` : "";
  const name = t("chart", { measure: m.label.toLowerCase(), unitIn, bars: bars.map((b) => `${b.label}, ${b.end}`).join("; ") || t("none") });
  return (
    <ChartFigure
      id={`compare-${m.role}`}
      caption={
        <>
          <strong>{m.label}</strong>: {m.what}
          {unitIn}
          {bars.some((b) => b.whisker) ? t("whiskers") : ""}
          {bars.some((b) => b.contested) ? t("orange") : ""}.{missing.length > 0 && <> {t("missing", { titles: missing.join("; ") })}</>}
        </>
      }
    >
      {bars.length > 0 ? <DurationChart bars={bars} unit={m.unit ? unit("name", { unit: m.unit.name }) : ""} label={name} /> : <p className="muted">{t("noneRecords")}</p>}
    </ChartFigure>
  );
}

function Cell({ c }: { c: ComparedCell }) {
  const t = useTranslations("public.compare");
  const page = pageOf(c.incident.slug, useLocale());
  if (!c.row) return <span className="muted">{t("notInRecord")}</span>;
  return (
    <>
      <span className="small">{c.row.label}:</span>{" "}
      <a href={`${page}#duration-${c.row.key}`}>
        <strong>{c.row.display}</strong>
      </a>
      {c.range && <span className="muted"> ({c.range})</span>}
      <br />
      <span className="small muted">
        {c.between ?? t("statedNoDates")} · {c.row.countedBy}
      </span>{" "}
      <sup className="cite">
        {c.row.cites.map((n) => (
          <a key={n} href={`${page}#source-${n}`} aria-label={t("citeOf", { title: c.incident.title, n })}>
            [{n}]
          </a>
        ))}
      </sup>
      {c.disputes.map((d) => (
        <span key={d.key} className="block small">
          {t("disputed")} <a href={`${page}#duration-${d.key}`}>{d.display}</a> {t("by", { who: d.countedBy })}
        </span>
      ))}
    </>
  );
}

export function Comparison({ measures }: { measures: ComparedMeasure[] }) {
  const t = useTranslations("public.compare");
  const locale = useLocale();
  const incidents = measures[0]?.cells.map((c) => c.incident) ?? [];
  return (
    <div className="stack-y">
      <h2>{t("eachMeasure")}</h2>
      {measures.map((m) => (
        <MeasureChart key={m.role} m={m} />
      ))}
      <h2>{t("everyLength")}</h2>
      <div className="scroll">
        <table className="stack">
          <caption>{t("caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("incident")}</th>
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
                  <a href={pageOf(incident.slug, locale)}>{incident.title}</a>
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
