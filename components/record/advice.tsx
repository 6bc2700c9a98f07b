import type { ReactNode } from "react";
import { useLocale } from "next-intl";
import { type AdviceGroup, statusLabel } from "@/view/incident";
import { Cite } from "./cite";
import { RecordText } from "./record-text";
import { Section } from "./section";

/** Advice to tenants, what the provider changed, and what to watch, each with its status; advice the lookup carries out is followed by the way to it (`check`, the page's only). */
export function Advice({ title, groups, check }: { title: string; groups: AdviceGroup[]; check?: ReactNode }) {
  const locale = useLocale();
  return (
    <Section id="advice" title={title}>
      <div className="cols">
        {groups.map((g) => (
          <div key={g.id}>
            <h3 id={g.id}>{g.title}</h3>
            <ul className="plain">
              {g.items.map((r, i) => (
                <li key={i}>
                  <span className="status">{statusLabel(r.status, locale)}</span>
                  <RecordText of={r} field="text" after={<Cite numbers={r.cites} />} className="run-in" />
                  {r.answeredByLookup && check && <p className="no-print">{check}</p>}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  );
}
