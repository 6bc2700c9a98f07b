import { type PreciseTime, parsePreciseTime } from "@/lib/precise-time";

/**
 * When an incident last had news: its latest dated event's or posted update's start as an RFC 3339
 * date-time, or, with neither, its newest source's date. A day (or month, year) becomes midnight
 * UTC of its first day: lists need an instant, and that one invents no time. What "newest" means in
 * every list.
 */
export function latestUpdate(record: { events: readonly PreciseTime[]; updates?: ReadonlyArray<{ at: string }>; sources: ReadonlyArray<{ publishedOn: string }> }): string {
  let best = -Infinity;
  for (const e of record.events) best = Math.max(best, parsePreciseTime(e)?.startMs ?? -Infinity);
  for (const u of record.updates ?? []) best = Math.max(best, parsePreciseTime({ at: u.at, precision: "minute" })?.startMs ?? -Infinity);
  if (best === -Infinity) for (const s of record.sources) best = Math.max(best, Date.parse(`${s.publishedOn}T00:00:00Z`));
  return best === -Infinity ? "1970-01-01T00:00:00Z" : new Date(best).toISOString().replace(/\.\d{3}Z$/, "Z");
}
