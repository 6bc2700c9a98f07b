import type { ReactNode } from "react";
import { useTranslations } from "next-intl";

/** A section of the record: an h2 with the section's id that links to itself; a badge beside, not inside, the heading. */
export function Section({ id, title, badge, children }: { id: string; title: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={`sec-${id}`}>
      <div className="section-head">
        <h2 id={`${id}-heading`}>
          <a href={`#${id}-heading`}>{title}</a>
        </h2>
        {badge}
      </div>
      {children}
    </section>
  );
}

export function SampleBadge() {
  const t = useTranslations("record.affected");
  return <span className="badge">{t("sampleBadge")}</span>;
}
