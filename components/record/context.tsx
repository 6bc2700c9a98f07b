import type { ContextFact } from "@/domain/record/collections/context";
import { Cite } from "./cite";
import { RecordText } from "./record-text";
import { Section } from "./section";

/** Background a reader needs, by topic, under the title the record gives it. */
export function Context({ title, topics }: { title: string; topics: Array<{ topic: string; facts: ContextFact[] }> }) {
  return (
    <Section id="context" title={title}>
      <div className="cols">
        {topics.map((t) => (
          <div key={t.topic}>
            <h3>{t.topic}</h3>
            <ul>
              {t.facts.map((f, i) => (
                <li key={i}>
                  <RecordText of={f} field="statement" after={<Cite numbers={f.cites} />} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  );
}
