import type { Source } from "@/domain/record/collections/sources";
import { useLocale } from "next-intl";
import { sourceByline } from "@/view/format";
import { RecordText } from "./record-text";
import { Section } from "./section";

/** The numbered list every citation mark points into; a source's address is a link only when it is known. */
export function Sources({ title, sources }: { title: string; sources: Source[] }) {
  const locale = useLocale();
  return (
    <Section id="sources" title={title}>
      <ol className="sources">
        {sources.map((s) => (
          <li key={s.number} id={`source-${s.number}`}>
            <span className="snum">[{s.number}]</span>
            <div>
              <p>
                {s.url ? (
                  <a href={s.url} rel="noreferrer">
                    <strong>{s.title}</strong>
                  </a>
                ) : (
                  <strong>{s.title}</strong>
                )}
              </p>
              <p className="small">{sourceByline(s, locale)}</p>
              {s.note && <RecordText of={s} field="note" className="small muted" />}
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}
