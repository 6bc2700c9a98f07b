import { useTranslations } from "next-intl";
import { ChartFigure } from "@/components/charts/chart-figure";
import { type DurationBar, DurationChart } from "@/components/charts/duration-chart";
import { type DurationPanel, type DurationRow, inUnit } from "@/view/durations";
import { Cite } from "./cite";
import { RecordText, RecordWords } from "./record-text";
import { Section } from "./section";
import { TimeTag } from "./time";

/** Claims that disagree are set side by side, with the reason, never resolved by dropping one. */
function Contested({ pairs }: { pairs: Array<{ claim: DurationRow; other: DurationRow }> }) {
  const t = useTranslations("record.durations");
  // Each box its own name (axe's landmark-unique): a claim several others contest names who counts each.
  const contested = (key: string) => pairs.filter((p) => p.other.key === key).length;
  return pairs.map(({ claim, other }) => (
    <aside key={claim.key} className="box" aria-label={contested(other.key) > 1 ? t("disagreementBy", { label: other.label, who: claim.countedBy }) : t("disagreement", { label: other.label })}>
      <p>
        <strong>{t("disagree", { what: other.label.toLowerCase() })}</strong>
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

type T = ReturnType<typeof useTranslations<"record">>;

function caption(p: DurationPanel, t: T): string {
  const unitIn = t("unit.in", { unit: p.unit.name });
  if (p.kind === "minute") return t("durations.minuteCaption", { stated: p.stated ? "yes" : "no", unitIn });
  return t("durations.dateCaption", { whiskers: p.whiskers ? "yes" : "no", unitIn });
}

function Between({ row }: { row: DurationRow }) {
  const t = useTranslations("record.durations");
  if (!row.from || !row.to) return <>{t("stated")}</>;
  return (
    <>
      <TimeTag time={row.from} short /> → <TimeTag time={row.to} short />
    </>
  );
}

function Table({ rows }: { rows: DurationRow[] }) {
  const t = useTranslations("record.durations");
  return (
    <div className="scroll">
      <table className="stack">
        <caption>{t("caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("duration")}</th>
            <th scope="col">{t("length")}</th>
            <th scope="col">{t("fromTo")}</th>
            <th scope="col">{t("who")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} id={`duration-${r.key}`}>
              <th scope="row">
                <RecordWords of={r} field="label" />
                <Cite numbers={r.cites} />
              </th>
              <td data-label={t("length")}>
                <strong>{r.length}</strong>
                {r.approx && <span className="muted"> ({r.approx})</span>}
              </td>
              <td data-label={t("fromTo")}>
                <Between row={r} />
              </td>
              <td data-label={t("who")}>
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

const chartName = (p: DurationPanel, t: T) => t("durations.chart", { unit: t("unit.name", { unit: p.unit.name }), bars: p.rows.map((r) => `${r.label}, ${r.length}`).join("; ") });

export function Durations({ title, rows, panels, pairs }: { title: string; rows: DurationRow[]; panels: DurationPanel[]; pairs: Array<{ claim: DurationRow; other: DurationRow }> }) {
  const t = useTranslations("record");
  return (
    <Section id="durations" title={title}>
      <div className="stack-y">
        <Contested pairs={pairs} />
        {panels.map((p) => (
          <ChartFigure key={p.id} id={p.id} caption={<><strong>{t(p.kind === "minute" ? "durations.minuteTitle" : "durations.dateTitle")}</strong> {caption(p, t)}</>}>
            <DurationChart bars={barsOf(p)} unit={t("unit.name", { unit: p.unit.name })} label={chartName(p, t)} />
          </ChartFigure>
        ))}
        <Table rows={rows} />
        <p className="small muted">{t("durations.footnote")}</p>
      </div>
    </Section>
  );
}

