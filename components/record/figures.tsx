import type { Figure } from "@/domain/record/collections/figures";
import { Cite } from "./cite";
import { FigureValue } from "./figure-value";
import { RecordText, RecordWords } from "./record-text";
import { Section } from "./section";

/** Each figure as the source states it, with what it counts and where it comes from. */
export function Figures({ title, figures }: { title: string; figures: Figure[] }) {
  return (
    <Section id="figures" title={title}>
      <dl className="figures">
        {figures.map((f, i) => (
          <div key={i} className="figure">
            <dt>
              <RecordWords of={f} field="label" />
              <Cite numbers={f.cites} />
              {f.note && <RecordText of={f} field="note" className="block note" />}
            </dt>
            <dd>
              <FigureValue value={f.value} unit={f.unit} />
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
