import { ChartFrame } from "@/components/charts/chart-frame";
import { type DurationBar, DurationChart } from "@/components/charts/duration-chart";
import type { ComputedClaim } from "@/domain/record/duration-length";
import { ContestedCounts } from "./contested-counts";
import { DurationTable } from "./duration-table";

const HOUR = 60;
const DAY = 1440;

function toBars(claims: ComputedClaim[], per: number): DurationBar[] {
  const contested = new Set(claims.flatMap((c) => (c.contestsKey ? [c.key, c.contestsKey] : [])));
  return claims.map((c) => {
    const value = round(c.minutes / per);
    return {
      key: c.key,
      label: c.label,
      value,
      error: [round(value - c.range.min / per), round(c.range.max / per - value)],
      length: c.approx && c.basis !== "minute" ? `${c.length} (${c.approx})` : c.length,
      short: c.length,
      countedBy: c.countedBy,
      contested: contested.has(c.key) && c.basis === "stated",
    };
  });
}

const round = (n: number) => Math.round(n * 100) / 100;

export function DurationsView({ claims }: { claims: ComputedClaim[] }) {
  const hours = claims.filter((c) => c.scale === "hours");
  const days = claims.filter((c) => c.scale === "days");
  return (
    <div className="space-y-6">
      <ContestedCounts claims={claims} />
      <div className="grid gap-6">
        {hours.length > 0 && (
          <ChartFrame
            id="durations-minutes"
            caption={
              <>
                <strong>Hours and minutes.</strong> Lengths known to the minute, and the stated count they are
                compared with (orange).
              </>
            }
          >
            {(_, width) => <DurationChart bars={toBars(hours, HOUR)} unit="hours" width={width} />}
          </ChartFrame>
        )}
        {days.length > 0 && (
          <ChartFrame
            id="durations-days"
            caption={
              <>
                <strong>Days and weeks.</strong> Lengths between dates known only to the day; the whiskers show the
                day either way that the dates allow.
              </>
            }
          >
            {(_, width) => <DurationChart bars={toBars(days, DAY)} unit="days" width={width} />}
          </ChartFrame>
        )}
      </div>
      <DurationTable claims={claims} />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Every length here is computed from the dated events of the timeline, at the precision of the coarser of its
        two dates; only a length a source states without dates is shown as stated.
      </p>
    </div>
  );
}
