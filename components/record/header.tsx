import type { IncidentView } from "@/view/incident";
import { minuteUtc } from "@/lib/instant";
import { RecordWords } from "./record-text";

/**
 * Provider, service and model, kind, status and severity, then the title; on the page, when it last
 * changed (the exports leave it out: they are the same files whenever they are made).
 */
export function RecordHeader({ view, changesHref }: { view: IncidentView; changesHref: string | null }) {
  return (
    <header>
      <p className="tags">
        <span className="tag">{view.what}</span>
        {view.kind && (
          <span className="tag">
            <RecordWords of={view.incident} field="kind" />
          </span>
        )}
        <span className="tag">{view.status}</span>
        {view.severity && <span className="tag">severity: {view.severity}</span>}
      </p>
      <h1>
        <RecordWords of={view.incident} field="title" />
      </h1>
      {changesHref && (
        <p className="small muted">
          Last updated <time dateTime={view.updatedAt}>{minuteUtc(view.updatedAt)}</time> · <a href={changesHref}>what changed</a>
        </p>
      )}
    </header>
  );
}
