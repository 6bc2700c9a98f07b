import { useTranslations } from "next-intl";
import type { IncidentView } from "@/view/incident";
import { minuteUtc } from "@/lib/instant";
import { RecordWords } from "./record-text";

/**
 * Provider, service and model, kind, status and severity, then the title; on the page, when it last
 * changed (the exports leave it out: they are the same files whenever they are made).
 */
export function RecordHeader({ view, changesHref }: { view: IncidentView; changesHref: string | null }) {
  const t = useTranslations("record.incident");
  return (
    <header>
      <p className="tags">
        <span className="tag">{view.what}</span>
        {view.kind && (
          <span className="tag">
            <RecordWords of={view.incident} field="kind" />
          </span>
        )}
        <span className="tag">{view.statusLabel}</span>
        {view.severityLabel && <span className="tag">{view.severityLabel}</span>}
      </p>
      <h1>
        <RecordWords of={view.incident} field="title" />
      </h1>
      {changesHref && (
        <p className="small muted">
          {t("lastUpdated")} <time dateTime={view.updatedAt}>{minuteUtc(view.updatedAt, view.locale)}</time> · <a href={changesHref}>{t("whatChanged")}</a>
        </p>
      )}
    </header>
  );
}
