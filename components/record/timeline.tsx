import { useTranslations } from "next-intl";
import type { CitedEvent } from "@/view/incident";
import type { Timeline as TimelineView, TimelineItem } from "@/view/timeline";
import { Cite } from "./cite";
import { RecordText, RecordWords } from "./record-text";
import { Section } from "./section";
import { EventTime, TimeZoneProvider, TimeZoneSwitch } from "./time-zone";

function EventRow({ item }: { item: TimelineItem<CitedEvent> }) {
  const { event, gapBefore, sameDayUntimed } = item;
  const t = useTranslations("record.timeline");
  return (
    <li className="event">
      {gapBefore && <p className="gap">{gapBefore}</p>}
      <p className="ev-head">
        <span className="when">{event.at === null ? t("noDate") : <EventTime time={{ at: event.at, precision: event.precision }} />}</span>
        {sameDayUntimed && <span className="muted">{t("untimed")}</span>}
        <span className={`phase ph-${event.phase}`}>{t("phase", { phase: event.phase })}</span>
      </p>
      <p className="ev-title">
        <RecordWords of={event} field="title" />
        <Cite numbers={event.cites} />
      </p>
      {event.detail && <RecordText of={event} field="detail" className="ev-detail" />}
    </li>
  );
}

/**
 * Periods with their date ranges, the gaps between events, each date only as precise as recorded.
 * Times are UTC; with JavaScript a switch shows the reader's own zone (it renders nothing without).
 */
export function Timeline({ title, timeline }: { title: string; timeline: TimelineView<CitedEvent> }) {
  const t = useTranslations("record.timeline");
  return (
    <Section id="timeline" title={title}>
      <TimeZoneProvider>
        <div className="tz-row">
          <p className="small muted">{t("note")}</p>
          <TimeZoneSwitch labels={{ group: t("zones"), utc: t("utc"), local: t("local"), default: t("default") }} />
        </div>
        {timeline.periods.map((p) => (
          <div key={`${p.stage}-${p.range}`} className="period">
            <h3>
              {p.label} <span className="range">{p.range}</span>
            </h3>
            <ol className="events">
              {p.items.map((i) => (
                <EventRow key={i.event.id} item={i} />
              ))}
            </ol>
          </div>
        ))}
      </TimeZoneProvider>
    </Section>
  );
}
