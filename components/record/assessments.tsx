import type { Finding } from "@/domain/record/collections/findings";
import type { Reaction } from "@/domain/record/collections/reactions";
import { useTranslations } from "next-intl";
import { Cite } from "./cite";
import { RecordText, RecordWords } from "./record-text";
import { Section } from "./section";

/** Third parties' findings, and what others said of them. */
export function Assessments({ title, findings, assessors, reactions }: { title: string; findings: Finding[]; assessors: string[]; reactions: Reaction[] }) {
  const t = useTranslations("record.assessments");
  return (
    <Section id="assessments" title={title}>
      <div className="cols">
        {findings.length > 0 && (
          <div>
            <h3>{t("findings")}</h3>
            <p className="small muted">{assessors.join("; ")}</p>
            <ul>
              {findings.map((f, i) => (
                <li key={i}>
                  <RecordText of={f} field="statement" after={<Cite numbers={f.cites} />} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {reactions.length > 0 && (
          <div>
            <h3>{t("reactions")}</h3>
            <ul className="plain reactions">
              {reactions.map((r, i) => (
                <li key={i}>
                  <p>
                    <strong>
                      <RecordWords of={r} field="who" />
                    </strong>
                    {r.affiliation && (
                      <span className="muted">
                        {" "}
                        (<RecordWords of={r} field="affiliation" />)
                      </span>
                    )}
                  </p>
                  <RecordText of={r} field="statement" after={<Cite numbers={r.cites} />} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Section>
  );
}
