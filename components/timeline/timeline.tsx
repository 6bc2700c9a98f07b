import { Cite } from "@/components/cite";
import { Prose } from "@/components/prose";
import type { Phase } from "@/domain/record/constants";
import { buildTimeline, type TimelineEvent, type TimelineItem } from "@/view/timeline";
import { EventTime, TimeZoneProvider, TimeZoneSwitch } from "./time-zone";

const PHASE_STYLE: Record<Phase, string> = {
  background: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  trigger: "bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200",
  exposure: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  detection: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
  response: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200",
  mitigation: "bg-cyan-100 text-cyan-900 dark:bg-cyan-950 dark:text-cyan-200",
  recovery: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  disclosure: "bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200",
  "follow-up": "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

type CitedEvent = TimelineEvent & { cites: number[] };

export function Timeline({ events }: { events: CitedEvent[] }) {
  const { periods } = buildTimeline(events);
  const cites = new Map(events.map((e) => [e.id, e.cites]));
  return (
    <TimeZoneProvider>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-700 dark:text-slate-300">
          Times of day are UTC unless you switch. A date without a time is as precise as the sources give it (a day
          or a month) and is not converted.
        </p>
        <TimeZoneSwitch />
      </div>
      {periods.map((period) => (
        <div key={`${period.stage}-${period.range}`} className="mt-8">
          <h3 className="flex flex-wrap items-baseline gap-x-3 border-b border-slate-200 pb-1 text-lg font-semibold dark:border-slate-800">
            {period.label}
            <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{period.range}</span>
          </h3>
          <ol className="mt-2">
            {period.items.map((item) => (
              <TimelineRow key={item.event.id} item={item} cites={cites.get(item.event.id) ?? []} />
            ))}
          </ol>
        </div>
      ))}
    </TimeZoneProvider>
  );
}

function TimelineRow({ item, cites }: { item: TimelineItem; cites: number[] }) {
  const { event, gapBefore, sameDayUntimed } = item;
  return (
    <li className="relative border-l-2 border-slate-300 pl-5 dark:border-slate-700">
      {gapBefore && (
        <p className="-ml-5 py-1 pl-5 text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
          {gapBefore}
        </p>
      )}
      <div className="pb-4">
        <span
          aria-hidden="true"
          className="absolute -left-[7px] mt-1.5 size-3 rounded-full border-2 border-white bg-slate-500 dark:border-slate-950"
        />
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-mono font-semibold">
            {event.at === null ? "Expected, no date yet" : <EventTime time={{ ...event, at: event.at }} />}
          </span>
          {sameDayUntimed && <span className="text-slate-600 dark:text-slate-400">that day, time not given</span>}
          <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${PHASE_STYLE[event.phase]}`}>{event.phase}</span>
        </p>
        <p className="mt-1 font-medium">
          {event.title}
          <Cite numbers={cites} />
        </p>
        {event.detail && <Prose text={event.detail} className="mt-0.5 text-slate-700 dark:text-slate-300" />}
      </div>
    </li>
  );
}
