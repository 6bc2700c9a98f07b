import { Fragment } from "react";
import { useTranslations } from "next-intl";
import type { DurationRow } from "@/view/durations";
import type { IncidentView, LeadFact } from "@/view/incident";
import { Cite } from "./cite";
import { Prose } from "./prose";
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

function Fact({ fact }: { fact: LeadFact }) {
  const t = useTranslations("record.lead");
  switch (fact.kind) {
    case "prose":
      return <Prose text={fact.text} />;
    case "attack":
      return (
        <p>
          <strong>{fact.answer}.</strong>
          {fact.note && (
            <>
              {" "}
              <Prose text={fact.note} inline />
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
              <Cite numbers={d.cites} />. <Prose text={d.method} inline /> (<a href="#durations-heading">{t("whyDiffer")}</a>)
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
      <Prose text={view.summary} after={<Cite numbers={view.cites} />} className="summary" />
      <dl className="facts">
        {view.lead.map((f) => (
          <Fragment key={f.term}>
            <dt>{f.term}</dt>
            <dd>
              <Fact fact={f} />
            </dd>
          </Fragment>
        ))}
      </dl>
    </Section>
  );
}
