import { Fragment } from "react";
import { useTranslations } from "next-intl";
import type { DurationRow } from "@/view/durations";
import type { IncidentView, LeadFact } from "@/view/incident";
import { Cite } from "./cite";
import { RecordText, RecordWords } from "./record-text";
import { Section } from "./section";
import { TimeTag } from "./time";

function Range({ row }: { row: DurationRow }) {
  const strong = <strong>{row.display}</strong>;
  if (!row.from || !row.to) return strong;
  return (
    <>
      <TimeTag time={row.from} /> – <TimeTag time={row.to} />: {strong}
    </>
  );
}

function Fact({ fact, incident }: { fact: LeadFact; incident: object }) {
  const t = useTranslations("record.lead");
  switch (fact.kind) {
    case "prose":
      return <RecordText of={incident} field={fact.field} />;
    case "attack":
      return (
        <p>
          <strong>{fact.answer}.</strong>
          {fact.note && (
            <>
              {" "}
              <RecordWords of={incident} field="attackNote" markdown />
            </>
          )}
        </p>
      );
    case "duration":
      return (
        <p>
          <Range row={fact.row} />, {t("countedBy", { who: fact.row.countedBy })}
          <Cite numbers={fact.row.cites} />
          {fact.disputes.map((d) => (
            <span key={d.key} className="block">
              {d.countedBy}: <strong>{d.display}</strong>
              <Cite numbers={d.cites} />. <RecordWords of={d} field="method" markdown /> (<a href="#durations-heading">{t("whyDiffer")}</a>)
            </span>
          ))}
        </p>
      );
  }
}

/** What happened, in a sentence and the facts a reader asks first. */
export function Lead({ view }: { view: IncidentView }) {
  const t = useTranslations("record.sections");
  return (
    <Section id="lead" title={t("lead")}>
      <RecordText of={view.incident} field="summary" after={<Cite numbers={view.cites} />} className="summary" />
      <dl className="facts">
        {view.lead.map((f) => (
          <Fragment key={f.term}>
            <dt>{f.term}</dt>
            <dd>
              <Fact fact={f} incident={view.incident} />
            </dd>
          </Fragment>
        ))}
      </dl>
    </Section>
  );
}
