import type { UpdateView } from "@/view/updates";
import { Cite } from "./cite";
import { RecordText } from "./record-text";
import { Section } from "./section";

/** The updates posted while the incident was open, newest first, each with its status and time. */
export function Updates({ title, updates }: { title: string; updates: UpdateView[] }) {
  return (
    <Section id="updates" title={title}>
      <ol className="plain updates">
        {updates.map((u, i) => (
          <li key={i}>
            <p className="small">
              <span className={`status update-${u.status}`}>{u.label}</span> <time dateTime={u.dateTime}>{u.when}</time>
            </p>
            <RecordText of={u} field="body" after={u.cites.length ? <Cite numbers={u.cites} /> : undefined} />
          </li>
        ))}
      </ol>
    </Section>
  );
}
